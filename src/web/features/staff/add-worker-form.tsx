import { Button, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { AADHAR_DIGITS, PHONE_DIGITS } from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import { workerCreateBody } from '../../../shared/schemas/staff.js';
import { createWorker, type NewWorkerBody } from './api.js';
import { firstFieldError } from './first-field-error.js';
import { IfscFields } from './ifsc-fields.js';
import { workOptions, workerDesignationOptions } from './staff-options.js';
import { useStaffCreateForm } from './use-staff-create-form.js';
import { STAFF_STATUS } from '../../../shared/staff.js';

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
  const { errors, ifsc, submitting, onSubmit, text, digits, select, idOf } = useStaffCreateForm<Form, NewWorkerBody>({
    empty: emptyForm,
    fieldOrder: FIELD_ORDER,
    toBody: (form, bank) => ({ ...form, ifsccode: bank.code, bank: bank.bank, branch: bank.branch, status: STAFF_STATUS.active }),
    validate: (body) => firstFieldError(workerCreateBody.safeParse(body)),
    send: createWorker,
    success: MSG.workerAdded,
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-label={MSG.addWorker}>
        <Stack gap="lg">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {MSG.addWorker}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <Select label="Work" placeholder="Choose a work type" data={workOptions} {...select('work')} required allowDeselect={false} />
            <TextInput label="Worker Name" autoComplete="off" {...text('name')} required />
            <TextInput label="Phone Number" type="tel" autoComplete="off" {...digits('phone', PHONE_DIGITS)} required />
            <TextInput label="Aadhar Number" autoComplete="off" {...digits('aadhar', AADHAR_DIGITS)} required />
            <TextInput label="Emp ID" description={MSG.empIdHint} autoComplete="off" {...text('empid')} />
            <Select label="Designation" data={workerDesignationOptions} {...select('designation')} allowDeselect={false} />
            <TextInput label="Category" autoComplete="off" {...text('category')} />
            <TextInput label="Wage Per Day" inputMode="decimal" leftSection="₹" autoComplete="off" {...text('wage')} />
            <IfscFields
              lookup={ifsc}
              invalidMessage={MSG.ifscInvalidAdd}
              labels={{ ifsc: 'IFSC Code', bank: 'Bank Name', branch: 'Branch Name' }}
              ids={{ ifsc: idOf('ifsccode'), branch: idOf('branch') }}
              submitError={errors.ifsccode}
            />
            <TextInput label="Account Number" inputMode="numeric" autoComplete="off" {...text('acnumber')} />
            <TextInput label="UAN Number" inputMode="numeric" autoComplete="off" {...text('uanno')} />
            <TextInput label="ESI Number" inputMode="numeric" autoComplete="off" {...text('esino')} />
          </SimpleGrid>
          <Button type="submit" size="md" disabled={submitting} style={{ alignSelf: 'flex-start' }} miw={200}>
            {submitting ? MSG.submitting : MSG.addWorker}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
