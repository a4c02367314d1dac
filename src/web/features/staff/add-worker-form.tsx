import { useId, useState, type FormEvent } from 'react';
import { Button, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AADHAR_DIGITS, PHONE_DIGITS } from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import { workerCreateBody } from '../../../shared/schemas/staff.js';
import { ApiError } from '../../api/client.js';
import { useAuth } from '../../auth/auth-context.js';
import { fieldErrors } from '../../forms/field-errors.js';
import { createWorker, useStaffCreated, type WorkerPayload } from './api.js';
import { focusFirstError } from './focus-first-error.js';
import { IfscFields } from './ifsc-fields.js';
import { ifscBlocksSubmit } from './ifsc-lookup.js';
import { digitsOnly, workOptions, workerDesignationOptions } from './staff-options.js';
import { useIfscLookup } from './use-ifsc-lookup.js';

const emptyForm = {
  work: '',
  name: '',
  phone: '',
  aadhar: '',
  empid: '',
  designation: 'Cleaning Staff',
  category: '',
  wage: '',
  acnumber: '',
  uanno: '',
  esino: '',
};
type Form = typeof emptyForm;
const FIELD_ORDER = ['work', 'name', 'phone', 'aadhar', 'empid', 'designation', 'category', 'wage', 'ifsccode', 'branch', 'acnumber', 'uanno', 'esino'] as const;

/**
 * SPEC §2 Add Worker (POST /worker/create-worker). Exported for every area that adds
 * workers: the manager's page today, the admin's /dashboard/admin/addworkers later.
 */
export function AddWorkerForm() {
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
    const body: WorkerPayload = {
      ...form,
      ifsccode: ifsc.state.code,
      bank: ifsc.state.bank,
      branch: ifsc.state.branch,
      status: 'Active',
    };
    const parsed = workerCreateBody.safeParse(body);
    const found = parsed.success ? {} : fieldErrors(parsed.error);
    if (!found.ifsccode && ifscBlocksSubmit(ifsc.state)) found.ifsccode = MSG.ifscInvalidAdd;
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError(idOf, found, FIELD_ORDER);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await createWorker(body, token);
      if (answer.status === 201) {
        notifications.show({ color: 'green', message: MSG.workerAdded });
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

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-label={MSG.addWorker}>
        <Stack gap="lg">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {MSG.addWorker}
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
            <TextInput id={idOf('name')} label="Worker Name" autoComplete="off" value={form.name} onChange={(e) => set('name')(e.currentTarget.value)} error={errors.name} required />
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
            <TextInput id={idOf('empid')} label="Emp ID" description={MSG.empIdHint} value={form.empid} onChange={(e) => set('empid')(e.currentTarget.value)} error={errors.empid} />
            <Select
              id={idOf('designation')}
              label="Designation"
              data={workerDesignationOptions}
              value={form.designation}
              onChange={(value) => set('designation')(value ?? 'Cleaning Staff')}
              error={errors.designation}
              allowDeselect={false}
            />
            <TextInput id={idOf('category')} label="Category" value={form.category} onChange={(e) => set('category')(e.currentTarget.value)} error={errors.category} />
            <TextInput
              id={idOf('wage')}
              label="Wage Per Day"
              inputMode="decimal"
              leftSection="₹"
              value={form.wage}
              onChange={(e) => set('wage')(e.currentTarget.value)}
              error={errors.wage}
            />
            <IfscFields
              lookup={ifsc}
              invalidMessage={MSG.ifscInvalidAdd}
              labels={{ ifsc: 'IFSC Code', bank: 'Bank Name', branch: 'Branch Name' }}
              ids={{ ifsc: idOf('ifsccode'), branch: idOf('branch') }}
              submitError={errors.ifsccode}
            />
            <TextInput id={idOf('acnumber')} label="Account Number" inputMode="numeric" autoComplete="off" value={form.acnumber} onChange={(e) => set('acnumber')(e.currentTarget.value)} error={errors.acnumber} />
            <TextInput id={idOf('uanno')} label="UAN Number" inputMode="numeric" autoComplete="off" value={form.uanno} onChange={(e) => set('uanno')(e.currentTarget.value)} error={errors.uanno} />
            <TextInput id={idOf('esino')} label="ESI Number" inputMode="numeric" autoComplete="off" value={form.esino} onChange={(e) => set('esino')(e.currentTarget.value)} error={errors.esino} />
          </SimpleGrid>
          <Button type="submit" size="md" disabled={submitting} style={{ alignSelf: 'flex-start' }} miw={200}>
            {submitting ? MSG.submitting : MSG.addWorker}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
