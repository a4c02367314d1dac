import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select.js';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { AADHAR_DIGITS, PHONE_DIGITS } from '../../../shared/limits.js';
import type { Worker } from '../../../shared/schemas/staff.js';
import { rulesOr, staffRules, useRulesSoon } from '../../forms/form-rules.js';
import { ownRecordMaySetStatus } from '../../../shared/permissions.js';
import { ApiError, NetworkError } from '../../api/client.js';
import { errorText } from '../../api/error-text.js';
import { useFormState } from '../../forms/use-form-state.js';
import { useMessages } from '../../i18n/messages.js';
import { PageLoader } from '../../layouts/page-loader.js';
import { DayMarksDialog } from '../../components/day-marks.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { dayInZone } from '../../../shared/time.js';
import { useUpdateWorker, useWorker, type WorkerChangeBody } from './api.js';
import { firstFieldError } from './first-field-error.js';
import { focusFirstError } from './focus-first-error.js';
import { IfscFields } from './ifsc-fields.js';
import { PAYROLL_FIELD_ORDER, PayrollFields, payrollFormOf } from './payroll-fields.js';
import { ifscBlocksSubmit, initialIfscState } from './ifsc-lookup.js';
import { useStaffLabels, workOptions } from './staff-options.js';
import { useIfscLookup } from './use-ifsc-lookup.js';

const STAFF_LIST = '/dashboard/manager/staffdetails';

/** manager/editstaff/{id}, 'Update Worker'. */
export default function EditStaffPage() {
  const m = useMessages();
  useDocumentTitle(`${m('updateWorker')} · Dutyroll`);
  const { id = '' } = useParams();
  const worker = useWorker(id);

  if (worker.isPending) return <PageLoader label={m('loading')} />;
  if (worker.isError) {
    const detail = worker.error instanceof NetworkError || worker.error instanceof ApiError ? errorText(worker.error) : '';
    return (
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {m('updateWorker')}
        </Title>
        <Alert color="red" variant="light" title={m('workerFetchFailed')}>
          {detail || null}
        </Alert>
        <Anchor component={Link} to={STAFF_LIST}>
          {m('allStaffMembers')}
        </Anchor>
      </Stack>
    );
  }
  if (worker.data.editable === false) {
    // the server refuses any change to it (a manager's or an admin's, for a manager; decision 0015): say so up front
    return (
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {m('updateWorker')}
        </Title>
        <Alert color="yellow" variant="light" title={worker.data.name}>
          {m('staffOfHigherRole')}
        </Alert>
        <Anchor component={Link} to={STAFF_LIST}>
          {m('allStaffMembers')}
        </Anchor>
      </Stack>
    );
  }
  // keyed by the record, so a different worker starts a fresh form
  return <EditWorkerForm key={worker.data._id} worker={worker.data} />;
}

type Form = ReturnType<typeof formOf>;
const FIELD_ORDER = ['name', 'phone', 'empid', 'designation', 'aadhar', 'wage', 'work', 'ifsccode', 'branch', 'acnumber', 'uanno', 'esino', 'status', ...PAYROLL_FIELD_ORDER] as const;

/** The form's fields as text, from the record (bank details live in the IFSC lookup's state). */
function formOf(worker: Worker) {
  return {
    name: worker.name,
    phone: worker.phone,
    empid: worker.empid,
    designation: worker.designation,
    aadhar: worker.aadhar ?? '',
    category: worker.category ?? '',
    work: worker.work ?? '',
    wage: worker.wage === null || worker.wage === undefined ? '' : String(worker.wage),
    acnumber: worker.acnumber ?? '',
    uanno: worker.uanno ?? '',
    esino: worker.esino ?? '',
    status: worker.status,
    ...payrollFormOf(worker),
  };
}

function EditWorkerForm({ worker }: { worker: Worker }) {
  const { t } = useTranslation();
  const m = useMessages();
  const labels = useStaffLabels();
  // one's own designation and Resigned are an admin's to set (decision 0015): not offered
  const own = worker.ownRecord === true;
  const designationOptions = labels.designationOptions;
  const statusOptions = own ? labels.statusOptions.map((option) => (ownRecordMaySetStatus(worker, option.value) ? option : { ...option, disabled: true })) : labels.statusOptions;
  const navigate = useNavigate();
  const update = useUpdateWorker(worker._id);
  const timeZone = useCompanyTimeZone();
  // "Mark leave" (issue 26): the same range dialog as the attendance grid's, from today
  const [marking, setMarking] = useState(false);
  const ifsc = useIfscLookup(initialIfscState({ code: worker.ifsccode, bank: worker.bank, branch: worker.branch }));
  const state = useFormState<Form>(() => formOf(worker));
  const { form, errors, setErrors, idOf } = state;
  const { text, digits, select } = state;

  useRulesSoon(staffRules);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: WorkerChangeBody = { ...form, ifsccode: ifsc.state.code, bank: ifsc.state.bank, branch: ifsc.state.branch };
    const rules = await rulesOr(staffRules, (error) => notifications.show({ color: 'red', message: errorText(error) }));
    if (!rules) return;
    const parsed = rules.workerUpdateBody.safeParse(body);
    const found = firstFieldError(parsed);
    if (!found.ifsccode && ifscBlocksSubmit(ifsc.state)) found.ifsccode = m('ifscInvalidEdit');
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError(idOf, found, FIELD_ORDER);
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: m('workerUpdated') });
        const work = parsed.data?.work;
        navigate(work && work !== 'mcc' ? `${STAFF_LIST}?work=${encodeURIComponent(work)}` : STAFF_LIST);
      },
      onError: (error) => {
        // a reason of its own under SPEC's title; the server's own 'Failed to update worker' (by its code) alone
        const reason = error instanceof NetworkError || (error.message !== '' && !(error instanceof ApiError && error.code === 'workerUpdateFailed'));
        notifications.show(
          reason
            ? { color: 'red', title: m('workerUpdateFailed'), message: errorText(error) }
            : { color: 'red', message: m('workerUpdateFailed') },
        );
      },
    });
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-label={m('updateWorker')}>
        <Stack gap="lg">
          <Group justify="space-between" align="center" gap="sm">
            <Title order={1} fz={{ base: 24, sm: 28 }}>
              {m('updateWorker')}
            </Title>
            <Button variant="light" size="md" onClick={() => setMarking(true)}>
              {t('payroll.marks.markLeave')}
            </Button>
          </Group>
          {own ? (
            <Alert color="blue" variant="light">
              {m('ownStaffRecord')}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label={t('staff.fields.staffName')} autoComplete="off" {...text('name')} required />
            <TextInput label={t('staff.fields.phone')} type="tel" autoComplete="off" {...digits('phone', PHONE_DIGITS)} required />
            <TextInput label={m('columnEmpId')} autoComplete="off" {...text('empid')} required />
            <ChoiceSelect
              label={t('staff.fields.designation')}
              data={designationOptions}
              {...select('designation')}
              disabled={own}
            />
            <TextInput label={t('staff.fields.aadhar')} autoComplete="off" {...digits('aadhar', AADHAR_DIGITS)} required />
            <TextInput label={t('staff.fields.wage')} inputMode="decimal" leftSection="₹" autoComplete="off" {...text('wage')} />
            <ChoiceSelect label={t('staff.fields.work')} data={workOptions} {...select('work')} required />
            <IfscFields
              lookup={ifsc}
              invalidMessage={m('ifscInvalidEdit')}
              labels={{ ifsc: t('staff.fields.ifscCode'), bank: t('staff.fields.bank'), branch: t('staff.fields.branch') }}
              ids={{ ifsc: idOf('ifsccode'), branch: idOf('branch') }}
              submitError={errors.ifsccode}
            />
            <TextInput label={t('staff.fields.accountNumber')} inputMode="numeric" autoComplete="off" {...text('acnumber')} />
            <TextInput label={t('staff.fields.uanNumber')} inputMode="numeric" autoComplete="off" {...text('uanno')} />
            <TextInput label={t('staff.fields.esiNumber')} inputMode="numeric" autoComplete="off" {...text('esino')} />
            <ChoiceSelect
              label={m('columnStatus')}
              placeholder={m('selectStaffStatus')}
              data={statusOptions}
              {...select('status')}
            />
          </SimpleGrid>
          <PayrollFields state={state} statusDays={worker} />
          <Group gap="sm">
            <Button type="submit" size="md" disabled={update.isPending} miw={200}>
              {update.isPending ? m('updating') : m('updateWorker')}
            </Button>
            <Button component={Link} to={STAFF_LIST} variant="default" size="md">
              {m('cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
      <DayMarksDialog opened={marking} onClose={() => setMarking(false)} staffId={worker._id} name={worker.name} first={dayInZone(new Date(), timeZone)} />
    </Paper>
  );
}
