import { Button, Paper, PasswordInput, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select.js';
import { useTranslation } from 'react-i18next';
import { AADHAR_DIGITS, PHONE_DIGITS } from '../../../shared/limits.js';
import { ROLE } from '../../../shared/roles.js';
import type { RegisterBody } from '../../../shared/schemas/auth.js';
import { authRules, staffRules } from '../../forms/form-rules.js';
import { fieldErrors } from '../../forms/field-errors.js';
import { registerStaffAccount } from './api.js';
import { firstFieldError } from './first-field-error.js';
import { IfscFields } from './ifsc-fields.js';
import { useMessages, messageText } from '../../i18n/messages.js';
import { useStaffLabels, workOptions } from './staff-options.js';
import { useStaffCreateForm } from './use-staff-create-form.js';
import { STAFF_STATUS } from '../../../shared/staff.js';

const emptyForm = {
  work: '',
  name: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  aadhar: '',
  designation: 'Supervisor',
  wage: '',
  acnumber: '',
  uanno: '',
  esino: '',
};
type Form = typeof emptyForm;
const FIELD_ORDER = ['work', 'name', 'email', 'phone', 'password', 'confirmPassword', 'aadhar', 'designation', 'wage', 'ifsccode', 'branch', 'acnumber', 'uanno', 'esino'] as const;

/** The account rules (registerBody) first, then the staff-record rules, so the first message is SPEC's. */
/** Both rule sets this form reads with, loaded together. */
const authAndStaffRules = () => Promise.all([authRules(), staffRules()]);

async function validate(body: RegisterBody): Promise<Record<string, string>> {
  const [{ registerBody }, { supervisorStaffBody }] = await authAndStaffRules();
  const account = registerBody.safeParse(body);
  const accountErrors = account.success ? {} : fieldErrors(account.error);
  const staffErrors = firstFieldError(supervisorStaffBody.safeParse({ ...body, work: body.work ?? '' }));
  const errors: Record<string, string> = { ...staffErrors, ...accountErrors };
  // SPEC §5: phone and aadhar are required ('Please fill all fields'), and the form marks
  // wage as required too: an empty one is marked with the others, not only after them
  for (const field of ['phone', 'aadhar', 'wage'] as const) {
    if (!errors[field] && !String(body[field] ?? '').trim()) errors[field] = messageText('fillAllFields');
  }
  return errors;
}

/**
 * SPEC §2 Add Supervisor: one staff record and its sign-in account (POST /auth/register
 * with the full payload). Designation Manager gives role 1, the others role 0. Exported
 * for the admin's /dashboard/admin/addsupervisors too.
 */
export function AddSupervisorForm() {
  const { t } = useTranslation();
  const m = useMessages();
  const { designationOptions } = useStaffLabels();
  const { errors, ifsc, submitting, onSubmit, text, digits, select, idOf } = useStaffCreateForm<Form, RegisterBody>({
    empty: emptyForm,
    fieldOrder: FIELD_ORDER,
    toBody: (form, bank) => ({
      ...form,
      work: form.work || null,
      empid: '',
      ifsccode: bank.code,
      bank: bank.bank,
      branch: bank.branch,
      status: STAFF_STATUS.active,
      role: form.designation === 'Manager' ? ROLE.manager : ROLE.supervisor,
    }),
    validate,
    rules: authAndStaffRules,
    send: registerStaffAccount,
    success: 'registered',
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-label={m('addSupervisor')}>
        <Stack gap="lg">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {m('addSupervisor')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <ChoiceSelect label={t('staff.fields.work')} placeholder={t('staff.fields.chooseWork')} data={workOptions} {...select('work')} required />
            <TextInput label={t('staff.fields.supervisorName')} autoComplete="off" {...text('name')} required />
            <TextInput label={t('staff.fields.supervisorEmail')} type="email" inputMode="email" autoComplete="off" {...text('email')} required />
            <TextInput label={t('staff.fields.phoneNumber')} type="tel" autoComplete="off" {...digits('phone', PHONE_DIGITS)} required />
            <PasswordInput label={t('staff.fields.password')} visibilityToggleButtonProps={{ 'aria-label': t('staff.togglePassword') }} autoComplete="new-password" {...text('password')} required />
            <PasswordInput label={t('staff.fields.confirmPassword')} visibilityToggleButtonProps={{ 'aria-label': t('staff.togglePassword') }} autoComplete="new-password" {...text('confirmPassword')} required />
            <TextInput label={t('staff.fields.aadharNumber')} autoComplete="off" {...digits('aadhar', AADHAR_DIGITS)} required />
            <ChoiceSelect label={t('staff.fields.designation')} data={designationOptions} {...select('designation')} />
            <TextInput label={t('staff.fields.wagePerDay')} inputMode="decimal" leftSection="₹" autoComplete="off" {...text('wage')} required />
            <IfscFields
              lookup={ifsc}
              invalidMessage={m('ifscInvalidAdd')}
              labels={{ ifsc: t('staff.fields.ifscCode'), bank: t('staff.fields.bankName'), branch: t('staff.fields.branchName') }}
              ids={{ ifsc: idOf('ifsccode'), branch: idOf('branch') }}
              submitError={errors.ifsccode}
            />
            <TextInput label={t('staff.fields.accountNumber')} inputMode="numeric" autoComplete="off" {...text('acnumber')} />
            <TextInput label={t('staff.fields.uanNumber')} inputMode="numeric" autoComplete="off" {...text('uanno')} />
            <TextInput label={t('staff.fields.esiNumber')} inputMode="numeric" autoComplete="off" {...text('esino')} />
          </SimpleGrid>
          <Button type="submit" size="md" disabled={submitting} style={{ alignSelf: 'flex-start' }} miw={200}>
            {submitting ? m('submitting') : m('addSupervisor')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
