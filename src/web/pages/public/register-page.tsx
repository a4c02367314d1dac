import { useState, type FormEvent } from 'react';
import { Alert, Button, Center, Input, Loader, PasswordInput, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PHONE_DIGITS } from '../../../shared/limits.js';
import { ROLE, type Role } from '../../../shared/roles.js';
import type { RegisterBody } from '../../../shared/schemas/auth.js';
// English beyond the public site's texts, in before this page is drawn (i18n/english.ts)
import '../../i18n/english.js';
import { authRules, rulesOr, useRulesSoon } from '../../forms/form-rules.js';
import { WORK_TYPES, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import { fetchSetup, register } from '../../api/auth.js';
import { useAuth } from '../../auth/auth-context.js';
import { notifyCreated, notifyCreateFailed } from '../../forms/create-toasts.js';
import { fieldErrors } from '../../forms/field-errors.js';
import { useFormState } from '../../forms/use-form-state.js';
import type { LoginRedirectState } from '../../layouts/access-guard-screen.js';
import { ChoiceSelect } from '../../components/choice-select.js';
import { LanguageSwitch } from '../../i18n/language-switch.js';
import { useMessages } from '../../i18n/messages.js';
import { WithQueries } from '../../query-client.js';
import { AuthCard } from './auth-card.js';
import { usePageMeta } from './page-meta.js';

const workOptions = WORK_TYPES.map((work) => ({ value: work, label: WORK_TYPE_SELECT_LABELS[work] }));

const emptyForm = { name: '', email: '', phone: '', work: '', password: '', confirmPassword: '', role: String(ROLE.supervisor) };
type Form = typeof emptyForm;

/**
 * SPEC §2 hidden registration page. On an empty installation it creates the first
 * manager without a session; afterwards only a signed-in manager or admin may register.
 */
export default function RegisterPage() {
  return (
    <WithQueries>
      <RegisterForm />
    </WithQueries>
  );
}

function RegisterForm() {
  const { t } = useTranslation();
  const m = useMessages();
  usePageMeta(`${t('auth.register.submit')} · Dutyroll`, t('auth.register.description', { app: 'Dutyroll' }));
  const { user, token } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const setup = useQuery({ queryKey: ['auth-setup'], queryFn: ({ signal }) => fetchSetup(signal) });
  const { form, setForm, errors, setErrors, set, text, digits, select } = useFormState<Form>(emptyForm);
  const [submitting, setSubmitting] = useState(false);
  useRulesSoon(authRules);

  if (setup.isPending) {
    return (
      <Center mih="50vh">
        <Loader type="dots" />
      </Center>
    );
  }
  const firstAccount = setup.data?.needsFirstAccount === true;
  const actorRole = user?.role;
  const mayRegister = firstAccount || actorRole === ROLE.manager || actorRole === ROLE.admin;
  const roleOptions = [
    { value: String(ROLE.supervisor), label: t('admin.roles.supervisor') },
    { value: String(ROLE.manager), label: t('admin.roles.manager') },
    ...(actorRole === ROLE.admin ? [{ value: String(ROLE.admin), label: t('admin.roles.admin') }] : []),
  ];

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: RegisterBody = {
      name: form.name,
      email: form.email,
      phone: form.phone,
      work: form.work || null,
      password: form.password,
      confirmPassword: form.confirmPassword,
      // The server makes the very first account a manager whatever is asked.
      ...(firstAccount ? {} : { role: Number(form.role) as Role }),
    };
    const rules = await rulesOr(authRules, (error) => notifyCreateFailed(error));
    if (!rules) return;
    const parsed = rules.registerBody.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const answer = await register(body, firstAccount ? null : token);
      notifyCreated(answer.status, 'registered', answer.data);
      if (answer.status === 201) {
        setForm(emptyForm);
        if (firstAccount) {
          await setup.refetch();
          navigate('/login');
        }
      }
    } catch (error) {
      notifyCreateFailed(error);
    } finally {
      setSubmitting(false);
    }
  }

  if (!mayRegister) {
    return (
      <AuthCard title={t('auth.register.title')} corner={<LanguageSwitch />}>
        <Stack>
          <Alert color="yellow" variant="light">
            {m('registerNeedsSession')}
          </Alert>
          <Button component={Link} to="/login" state={{ from: location.pathname } satisfies LoginRedirectState}>
            {m('login')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={firstAccount ? t('auth.register.firstTitle') : t('auth.register.title')}
      subtitle={firstAccount ? t('auth.register.firstSubtitle') : undefined}
      corner={<LanguageSwitch />}
      width={560}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('auth.register.name')} autoComplete="name" {...text('name')} required />
            <TextInput label={t('auth.email')} type="email" inputMode="email" autoComplete="email" {...text('email')} required />
            <TextInput label={t('auth.register.phone')} type="tel" autoComplete="tel-national" {...digits('phone', PHONE_DIGITS)} />
            <ChoiceSelect label={t('auth.register.workType')} placeholder={t('auth.register.chooseWork')} data={workOptions} {...select('work')} clearable />
          </SimpleGrid>
          {firstAccount ? null : (
            <Input.Wrapper label={t('auth.register.role')} error={errors.role} size="md">
              <SegmentedControl
                fullWidth
                mt={4}
                data={roleOptions}
                value={form.role}
                onChange={set('role')}
                aria-label={t('auth.register.role')}
              />
            </Input.Wrapper>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordInput label={t('auth.password')} visibilityToggleButtonProps={{ 'aria-label': t('admin.createAccount.togglePassword') }} autoComplete="new-password" {...text('password')} required />
            <PasswordInput
              label={t('auth.register.confirmPassword')}
              visibilityToggleButtonProps={{ 'aria-label': t('admin.createAccount.togglePassword') }}
              autoComplete="new-password"
              {...text('confirmPassword')}
              required
            />
          </SimpleGrid>
          {setup.isError ? (
            <Text c="red.8" size="sm">
              {m('cannotReachServer')}
            </Text>
          ) : null}
          <Button type="submit" size="md" loading={submitting}>
            {t('auth.register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
