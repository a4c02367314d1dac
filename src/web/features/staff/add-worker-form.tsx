import { Button, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select.js';
import { useTranslation } from 'react-i18next';
import { AADHAR_DIGITS, PHONE_DIGITS } from '../../../shared/limits.js';
import { staffRules } from '../../forms/form-rules.js';
import { createWorker, type NewWorkerBody } from './api.js';
import { firstFieldError } from './first-field-error.js';
import { IfscFields } from './ifsc-fields.js';
import { EMPTY_PAYROLL, PAYROLL_FIELD_ORDER, PayrollFields } from './payroll-fields.js';
import { useMessages } from '../../i18n/messages.js';
import { useStaffLabels, workOptions } from './staff-options.js';
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
  ...EMPTY_PAYROLL,
};
type Form = typeof emptyForm;
const FIELD_ORDER = ['work', 'name', 'phone', 'aadhar', 'empid', 'designation', 'category', 'wage', 'ifsccode', 'branch', 'acnumber', 'uanno', 'esino', ...PAYROLL_FIELD_ORDER] as const;

/**
 * SPEC §2 Add Worker (POST /worker/create-worker). Exported for every area that adds
 * workers: the manager's page today, the admin's /dashboard/admin/addworkers later.
 */
export function AddWorkerForm() {
  const { t } = useTranslation();
  const m = useMessages();
  const { workerDesignationOptions } = useStaffLabels();
  const state = useStaffCreateForm<Form, NewWorkerBody>({
    empty: emptyForm,
    fieldOrder: FIELD_ORDER,
    toBody: (form, bank) => ({ ...form, ifsccode: bank.code, bank: bank.bank, branch: bank.branch, status: STAFF_STATUS.active }),
    validate: async (body) => firstFieldError((await staffRules()).workerCreateBody.safeParse(body)),
    rules: staffRules,
    send: createWorker,
    success: 'workerAdded',
  });
  const { errors, ifsc, submitting, onSubmit, text, digits, select, idOf } = state;

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-label={m('addWorker')}>
        <Stack gap="lg">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {m('addWorker')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <ChoiceSelect label={t('staff.fields.work')} placeholder={t('staff.fields.chooseWork')} data={workOptions} {...select('work')} required />
            <TextInput label={t('staff.fields.workerName')} autoComplete="off" {...text('name')} required />
            <TextInput label={t('staff.fields.phoneNumber')} type="tel" autoComplete="off" {...digits('phone', PHONE_DIGITS)} required />
            <TextInput label={t('staff.fields.aadharNumber')} autoComplete="off" {...digits('aadhar', AADHAR_DIGITS)} required />
            <TextInput label={m('columnEmpId')} description={m('empIdHint')} autoComplete="off" {...text('empid')} />
            <ChoiceSelect label={t('staff.fields.designation')} data={workerDesignationOptions} {...select('designation')} />
            <TextInput label={t('staff.fields.category')} autoComplete="off" {...text('category')} />
            <TextInput label={t('staff.fields.wagePerDay')} inputMode="decimal" leftSection="₹" autoComplete="off" {...text('wage')} />
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
          <PayrollFields state={state} />
          <Button type="submit" size="md" disabled={submitting} style={{ alignSelf: 'flex-start' }} miw={200}>
            {submitting ? m('submitting') : m('addWorker')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
