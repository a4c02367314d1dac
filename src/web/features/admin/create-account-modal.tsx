import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select.js';
import { AppModal } from '../../components/app-modal.js';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN, PHONE_DIGITS } from '../../../shared/limits.js';
import { ROLE } from '../../../shared/roles.js';
import { adminRules, rulesOr, useRulesSoon } from '../../forms/form-rules.js';
import { WORK_TYPES, WORK_TYPE_SELECT_LABELS } from '../../../shared/work-types.js';
import { fieldErrors } from '../../forms/field-errors.js';
import { errorText } from '../../api/error-text.js';
import { translateAnswer, useMessages } from '../../i18n/messages.js';
import { roleOptions } from './admin-display.js';
import { useCreateAccount } from './api.js';

const emptyForm = { name: '', email: '', phone: '', password: '', role: String(ROLE.manager), work: '' };
type Form = typeof emptyForm;

export const WORK_OPTIONS = WORK_TYPES.map((work) => ({ value: work, label: WORK_TYPE_SELECT_LABELS[work] }));

/**
 * Creates a sign-in account of any role (POST /admin/accounts). Staff records come from
 * Add Supervisor; this is for accounts without one, such as another admin or a manager
 * in the office. Checked with the server's own schema first.
 */
export function CreateAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const m = useMessages();
  const create = useCreateAccount();
  const [form, setForm] = useState<Form>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  useRulesSoon(adminRules);

  const set = (field: keyof Form) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const close = () => {
    setForm(emptyForm);
    setErrors({});
    setServerMessage(null);
    create.reset();
    onClose();
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setServerMessage(null);
    const rules = await rulesOr(adminRules, (error) => setServerMessage(errorText(error)));
    if (!rules) return;
    const parsed = rules.createAccountBody.safeParse({ ...form, role: Number(form.role) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    try {
      const answer = await create.mutateAsync({ ...parsed.data, phone: parsed.data.phone ?? '' });
      if (answer.status === 201) {
        notifications.show({ color: 'teal', message: translateAnswer(answer.data) || m('registered') });
        close();
      } else {
        // 200: that e-mail already has an account (SPEC §8)
        setServerMessage(translateAnswer(answer.data) || m('alreadyRegistered'));
      }
    } catch (error) {
      setServerMessage(errorText(error));
    }
  }

  const role = Number(form.role);
  return (
    <AppModal opened={opened} onClose={close} title={<Text fw={700} size="lg">{t('admin.createAccount.title')}</Text>} size="lg" radius="lg" centered>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {serverMessage ? (
            <Alert color="red" variant="light" role="alert">
              {serverMessage}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={m('columnName')} required value={form.name} onChange={(e) => set('name')(e.currentTarget.value)} error={errors.name} autoComplete="off" data-autofocus />
            <TextInput label={t('admin.accounts.email')} type="email" required value={form.email} onChange={(e) => set('email')(e.currentTarget.value)} error={errors.email} autoComplete="off" />
            <TextInput
              label={t('admin.createAccount.phone')}
              description={t('admin.createAccount.phoneHint', { digits: PHONE_DIGITS })}
              inputMode="numeric"
              value={form.phone}
              onChange={(e) => set('phone')(e.currentTarget.value.replace(/\D/g, '').slice(0, PHONE_DIGITS))}
              error={errors.phone}
            />
            <PasswordInput
              label={t('admin.createAccount.password')}
              visibilityToggleButtonProps={{ 'aria-label': t('admin.createAccount.togglePassword') }}
              description={t('admin.createAccount.passwordHint', { min: PASSWORD_MIN })}
              required
              value={form.password}
              onChange={(e) => set('password')(e.currentTarget.value)}
              error={errors.password}
              autoComplete="new-password"
            />
            <ChoiceSelect label={t('admin.accounts.role')} description={t('admin.createAccount.roleHint')} required data={roleOptions(t)} value={form.role} onChange={(value) => set('role')(value ?? String(ROLE.manager))} error={errors.role} />
            <ChoiceSelect
              label={t('admin.accounts.workType')}
              description={role === ROLE.supervisor ? t('admin.createAccount.workHintSupervisor') : t('admin.createAccount.optional')}
              data={WORK_OPTIONS}
              value={form.work || null}
              onChange={(value) => set('work')(value ?? '')}
              clearable
              placeholder={t('admin.accounts.none')}
              error={errors.work}
            />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {m('cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('admin.accounts.createAccount')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
