import { COMPANY_YEAR_MAX, COUNTER_MAX, LOGO_MAX_BYTES, PERCENT_MAX } from '../../../shared/limits.js';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ActionIcon, Alert, Button, Divider, FileButton, Group, Image, Paper, Rating, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { WholeNumberInput } from '../../components/whole-number-input.js';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { CompanyProfile } from '../../../shared/company-profile.js';
import { companyProfileRules, rulesOr, useRulesSoon } from '../../forms/form-rules.js';
import { errorText } from '../../api/error-text.js';
import { useMessages } from '../../i18n/messages.js';
import { useCompanyProfile, useSaveCompanyProfile } from './api.js';

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];
/** The counters with their SPEC labels (MSG.counterLabels), in display order. */
const COUNTERS = ['workers', 'totalWork', 'clients', 'states'] as const satisfies readonly (keyof CompanyProfile['counters'])[];

/** Field errors keyed by their whole path ('counters.workers', 'testimonials.0.text'). */
function pathErrors(error: { issues: { path: PropertyKey[]; message: string }[] }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * The company details the public site shows (GET /company-profile). The whole profile is
 * saved at once (PUT /admin/company-profile), checked first with the server's schema.
 */
export default function CompanyProfilePage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(t('admin.documentTitle', { page: t('admin.menu.company') }));
  const profile = useCompanyProfile();
  if (profile.isPending) return <Text c="dimmed">{m('loading')}</Text>;
  if (profile.isError)
    return (
      <Alert color="red" variant="light">
        {errorText(profile.error)}
      </Alert>
    );
  // the form keeps its own copy: a background refetch must not wipe unsaved edits
  return <CompanyProfileForm initial={profile.data} />;
}

function CompanyProfileForm({ initial }: { initial: CompanyProfile }) {
  useRulesSoon(companyProfileRules);
  const { t } = useTranslation();
  const m = useMessages();
  const save = useSaveCompanyProfile();
  const [form, setForm] = useState<CompanyProfile>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [logoError, setLogoError] = useState<string | null>(null);
  const [serverMessage, setServerMessage] = useState<string | null>(null);

  /** A field's message (fieldErrors: already in the reader's language). */
  const fieldError = (path: string) => errors[path] || undefined;
  const patch = (change: Partial<CompanyProfile>) => setForm((current) => ({ ...current, ...change }));
  const text = (key: 'name' | 'shortName' | 'phone' | 'email' | 'address') => ({
    value: form[key],
    onChange: (event: { currentTarget: { value: string } }) => patch({ [key]: event.currentTarget.value }),
    error: fieldError(key),
  });
  const number = (value: string | number) => (typeof value === 'number' ? value : Number.parseInt(value, 10) || 0);

  async function pickLogo(file: File | null) {
    setLogoError(null);
    if (!file) return;
    if (!LOGO_TYPES.includes(file.type)) return setLogoError(m('logoType'));
    if (file.size > LOGO_MAX_BYTES) return setLogoError(m.of('logoTooLarge', LOGO_MAX_BYTES));
    try {
      patch({ logo: await readAsDataUrl(file) });
    } catch (error) {
      setLogoError(errorText(error));
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setServerMessage(null);
    const rules = await rulesOr(companyProfileRules, (error) => notifications.show({ color: 'red', message: errorText(error) }));
    if (!rules) return;
    const parsed = rules.companyProfileSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(pathErrors(parsed.error));
      notifications.show({ color: 'red', message: m('fieldsNeedAttention') });
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      notifications.show({ color: 'teal', message: m('companyProfileSaved') });
    } catch (error) {
      setServerMessage(errorText(error));
    }
  }

  const dirty = JSON.stringify(form) !== JSON.stringify(initial);
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {t('admin.menu.company')}
          </Title>
          <Text c="dimmed">{t('admin.company.intro')}</Text>
        </Stack>
        {serverMessage ? (
          <Alert color="red" variant="light" role="alert">
            {serverMessage}
          </Alert>
        ) : null}

        <Section title={t('admin.company.company')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('admin.company.companyName')} required {...text('name')} />
            <TextInput label={t('admin.company.shortName')} required {...text('shortName')} />
          </SimpleGrid>
          <Group gap="md" align="center" wrap="wrap">
            <Paper withBorder radius="md" w={88} h={88} p={6} style={{ display: 'grid', placeItems: 'center' }}>
              {form.logo ? (
                <Image src={form.logo} alt={t('admin.company.logoPreview')} fit="contain" w={72} h={72} />
              ) : (
                <Text size="xs" c="dimmed" ta="center">
                  {t('admin.company.defaultLogo')}
                </Text>
              )}
            </Paper>
            <Stack gap={6}>
              <Group gap="xs">
                <FileButton onChange={(file) => void pickLogo(file)} accept={LOGO_TYPES.join(',')}>
                  {(props) => (
                    <Button variant="light" {...props}>
                      {t('admin.company.uploadLogo')}
                    </Button>
                  )}
                </FileButton>
                {form.logo ? (
                  <Button variant="subtle" color="red" onClick={() => patch({ logo: null })}>
                    {t('admin.company.useDefaultLogo')}
                  </Button>
                ) : null}
              </Group>
              <Text size="xs" c={logoError || errors.logo ? 'red' : 'dimmed'} role={logoError || errors.logo ? 'alert' : undefined}>
                {logoError ?? fieldError('logo') ?? m.of('logoHint', LOGO_MAX_BYTES)}
              </Text>
            </Stack>
          </Group>
        </Section>

        <Section title={m('footerContact')}>
          <Textarea size="md" label={t('admin.company.address')} required autosize minRows={2} {...text('address')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('admin.company.email')} type="email" required {...text('email')} />
            <TextInput label={t('admin.company.phone')} type="tel" required {...text('phone')} />
          </SimpleGrid>
        </Section>

        <Section title={t('admin.company.figures')}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <WholeNumberInput size="md" label={t('admin.company.established')} value={form.established} onChange={(v) => patch({ established: number(v) })} maxLength={String(COMPANY_YEAR_MAX).length} error={fieldError('established')} />
            <WholeNumberInput size="md" label={t('admin.company.satisfaction')} value={form.satisfaction} onChange={(v) => patch({ satisfaction: number(v) })} maxLength={String(PERCENT_MAX).length} error={fieldError('satisfaction')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            {COUNTERS.map((counter) => (
              <WholeNumberInput
                size="md"
                key={counter}
                label={m(`counterLabels.${counter}`)}
                value={form.counters[counter]}
                onChange={(v) => patch({ counters: { ...form.counters, [counter]: number(v) } })}
                maxLength={String(COUNTER_MAX).length}
                thousandSeparator=","
                error={fieldError(`counters.${counter}`)}
              />
            ))}
          </SimpleGrid>
        </Section>

        <Section title={m('testimonials')}>
          {form.testimonials.length === 0 ? <Text c="dimmed">{t('admin.company.noTestimonials')}</Text> : null}
          {form.testimonials.map((item, index) => {
            const update = (change: Partial<CompanyProfile['testimonials'][number]>) =>
              patch({ testimonials: form.testimonials.map((row, i) => (i === index ? { ...row, ...change } : row)) });
            const at = `testimonials.${index}`;
            return (
              <Paper key={index} withBorder radius="md" p="md">
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{t('admin.company.testimonial', { number: index + 1 })}</Text>
                    <RemoveButton label={t('admin.company.removeTestimonial', { number: index + 1 })} onClick={() => patch({ testimonials: form.testimonials.filter((_, i) => i !== index) })} />
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput label={m('columnName')} required value={item.name} onChange={(e) => update({ name: e.currentTarget.value })} error={fieldError(`${at}.name`)} />
                    <TextInput label={t('admin.company.role')} value={item.role} onChange={(e) => update({ role: e.currentTarget.value })} error={fieldError(`${at}.role`)} />
                  </SimpleGrid>
                  <Textarea size="md" label={t('admin.company.said')} required autosize minRows={2} value={item.text} onChange={(e) => update({ text: e.currentTarget.value })} error={fieldError(`${at}.text`)} />
                  <Stack gap={4}>
                    <Text size="sm" fw={500} id={`rating-${index}`}>
                      {t('admin.company.rating')}
                    </Text>
                    <Group gap="sm">
                      <Rating value={item.rating} onChange={(rating) => update({ rating: rating || 1 })} count={5} aria-labelledby={`rating-${index}`} />
                      <Text size="sm" c="dimmed">
                        {t('admin.company.ratingOf', { rating: item.rating })}
                      </Text>
                    </Group>
                  </Stack>
                </Stack>
              </Paper>
            );
          })}
          <Group>
            <Button variant="light" onClick={() => patch({ testimonials: [...form.testimonials, { name: '', role: '', text: '', rating: 5 }] })} disabled={form.testimonials.length >= 12}>
              {t('admin.company.addTestimonial')}
            </Button>
          </Group>
        </Section>

        <Section title={t('admin.company.faq')}>
          {form.faq.length === 0 ? <Text c="dimmed">{t('admin.company.noQuestions')}</Text> : null}
          {form.faq.map((entry, index) => {
            const update = (change: Partial<CompanyProfile['faq'][number]>) => patch({ faq: form.faq.map((row, i) => (i === index ? { ...row, ...change } : row)) });
            return (
              <Paper key={index} withBorder radius="md" p="md">
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{t('admin.company.questionNumber', { number: index + 1 })}</Text>
                    <RemoveButton label={t('admin.company.removeQuestion', { number: index + 1 })} onClick={() => patch({ faq: form.faq.filter((_, i) => i !== index) })} />
                  </Group>
                  <TextInput label={t('admin.company.question')} required value={entry.question} onChange={(e) => update({ question: e.currentTarget.value })} error={fieldError(`faq.${index}.question`)} />
                  <Textarea size="md" label={t('admin.company.answer')} required autosize minRows={2} value={entry.answer} onChange={(e) => update({ answer: e.currentTarget.value })} error={fieldError(`faq.${index}.answer`)} />
                </Stack>
              </Paper>
            );
          })}
          <Group>
            <Button variant="light" onClick={() => patch({ faq: [...form.faq, { question: '', answer: '' }] })} disabled={form.faq.length >= 20}>
              {t('admin.company.addQuestion')}
            </Button>
          </Group>
        </Section>

        <Divider />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setForm(initial)} disabled={!dirty || save.isPending}>
            {t('admin.company.undo')}
          </Button>
          <Button type="submit" loading={save.isPending} size="md">
            {t('admin.company.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} fz={18}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" color="red" size="lg" onClick={onClick} aria-label={label} title={label}>
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" aria-hidden>
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </ActionIcon>
  );
}
