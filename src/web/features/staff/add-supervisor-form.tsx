import { useId, useState, type ComponentProps, type FormEvent } from 'react';
import { Button, Paper, PasswordInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AADHAR_DIGITS, PHONE_DIGITS } from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import { ROLE } from '../../../shared/roles.js';
import { registerBody, type RegisterBody } from '../../../shared/schemas/auth.js';
import { supervisorStaffBody } from '../../../shared/schemas/staff.js';
import { ApiError } from '../../api/client.js';
import { useAuth } from '../../auth/auth-context.js';
import { fieldErrors } from '../../forms/field-errors.js';
import { registerStaffAccount, useStaffCreated } from './api.js';
import { focusFirstError } from './focus-first-error.js';
import { IfscFields } from './ifsc-fields.js';
import { ifscBlocksSubmit } from './ifsc-lookup.js';
import { designationOptions, digitsOnly, workOptions } from './staff-options.js';
import { useIfscLookup } from './use-ifsc-lookup.js';

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
function validate(body: RegisterBody): Record<string, string> {
  const account = registerBody.safeParse(body);
  const accountErrors = account.success ? {} : fieldErrors(account.error);
  const staff = supervisorStaffBody.safeParse({ ...body, work: body.work ?? '' });
  const staffErrors = staff.success ? {} : fieldErrors(staff.error);
  const errors: Record<string, string> = { ...staffErrors, ...accountErrors };
  // SPEC §5: the form marks wage as required too
  if (!errors.wage && !String(body.wage ?? '').trim()) errors.wage = MSG.fillAllFields;
  return errors;
}

/**
 * SPEC §2 Add Supervisor: one staff record and its sign-in account (POST /auth/register
 * with the full payload). Designation Manager gives role 1, the others role 0. Exported
 * for the admin's /dashboard/admin/addsupervisors too.
 */
export function AddSupervisorForm() {
  const { token } = useAuth();
  const ifsc = useIfscLookup();
  const staffCreated = useStaffCreated();
  const [form, setForm] = useState<Form>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const prefix = useId();
  const idOf = (field: string) => `${prefix}-${field}`;

  const set = (field: keyof Form) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: RegisterBody = {
      ...form,
      work: form.work || null,
      empid: '',
      ifsccode: ifsc.state.code,
      bank: ifsc.state.bank,
      branch: ifsc.state.branch,
      status: 'Active',
      role: form.designation === 'Manager' ? ROLE.manager : ROLE.supervisor,
    };
    const found = validate(body);
    if (!found.ifsccode && ifscBlocksSubmit(ifsc.state)) found.ifsccode = MSG.ifscInvalidAdd;
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError(idOf, found, FIELD_ORDER);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await registerStaffAccount(body, token);
      if (answer.status === 201) {
        notifications.show({ color: 'green', message: MSG.registered });
        setForm(emptyForm);
        ifsc.reset();
        void staffCreated();
      } else if (answer.status === 200) {
        notifications.show({ color: 'yellow', message: MSG.alreadyRegistered });
      } else {
        notifications.show({ color: 'red', message: MSG.registrationFailed });
      }
    } catch (error) {
      if (error instanceof ApiError) {
        notifications.show({ color: 'red', title: MSG.registrationFailed, message: error.message || MSG.registrationFailed });
      } else {
        notifications.show({ color: 'red', message: MSG.registrationError });
      }
    } finally {
      setSubmitting(false);
    }
  }

  const text = (field: keyof Form, label: string, extra: Partial<ComponentProps<typeof TextInput>> = {}) => (
    <TextInput
      id={idOf(field)}
      label={label}
      autoComplete="off"
      value={form[field]}
      onChange={(e) => set(field)(e.currentTarget.value)}
      error={errors[field]}
      {...extra}
    />
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-label={MSG.addSupervisor}>
        <Stack gap="lg">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {MSG.addSupervisor}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <Select
              id={idOf('work')}
              label="Work"
              placeholder="Choose a work type"
              data={workOptions}
              value={form.work || null}
              onChange={(value) => set('work')(value ?? '')}
              error={errors.work}
              required
              allowDeselect={false}
            />
            {text('name', 'Supervisor Name', { required: true })}
            {text('email', 'Supervisor Email', { type: 'email', inputMode: 'email', required: true })}
            <TextInput
              id={idOf('phone')}
              label="Phone Number"
              type="tel"
              inputMode="numeric"
              autoComplete="off"
              maxLength={PHONE_DIGITS}
              value={form.phone}
              onChange={(e) => set('phone')(digitsOnly(e.currentTarget.value, PHONE_DIGITS))}
              error={errors.phone}
              required
            />
            <PasswordInput
              id={idOf('password')}
              label="Password"
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password')(e.currentTarget.value)}
              error={errors.password}
              required
            />
            <PasswordInput
              id={idOf('confirmPassword')}
              label="Confirm Password"
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={(e) => set('confirmPassword')(e.currentTarget.value)}
              error={errors.confirmPassword}
              required
            />
            <TextInput
              id={idOf('aadhar')}
              label="Aadhar Number"
              inputMode="numeric"
              autoComplete="off"
              maxLength={AADHAR_DIGITS}
              value={form.aadhar}
              onChange={(e) => set('aadhar')(digitsOnly(e.currentTarget.value, AADHAR_DIGITS))}
              error={errors.aadhar}
              required
            />
            <Select
              id={idOf('designation')}
              label="Designation"
              data={designationOptions}
              value={form.designation}
              onChange={(value) => set('designation')(value ?? 'Supervisor')}
              error={errors.designation}
              allowDeselect={false}
            />
            {text('wage', 'Wage Per Day', { inputMode: 'decimal', leftSection: '₹', required: true })}
            <IfscFields
              lookup={ifsc}
              invalidMessage={MSG.ifscInvalidAdd}
              labels={{ ifsc: 'IFSC Code', bank: 'Bank Name', branch: 'Branch Name' }}
              ids={{ ifsc: idOf('ifsccode'), branch: idOf('branch') }}
              submitError={errors.ifsccode}
            />
            {text('acnumber', 'Account Number', { inputMode: 'numeric' })}
            {text('uanno', 'UAN Number', { inputMode: 'numeric' })}
            {text('esino', 'ESI Number', { inputMode: 'numeric' })}
          </SimpleGrid>
          <Button type="submit" size="md" disabled={submitting} style={{ alignSelf: 'flex-start' }} miw={200}>
            {submitting ? MSG.submitting : MSG.addSupervisor}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
