import type { FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams } from 'react-router';
import { AADHAR_DIGITS, PHONE_DIGITS } from '../../../shared/limits.js';
import { MSG } from '../../../shared/messages.js';
import { workerUpdateBody, type Worker } from '../../../shared/schemas/staff.js';
import { ApiError, NetworkError } from '../../api/client.js';
import { useFormState } from '../../forms/use-form-state.js';
import { PageLoader } from '../../layouts/page-loader.js';
import { useUpdateWorker, useWorker, type WorkerChangeBody } from './api.js';
import { firstFieldError } from './first-field-error.js';
import { focusFirstError } from './focus-first-error.js';
import { IfscFields } from './ifsc-fields.js';
import { ifscBlocksSubmit, initialIfscState } from './ifsc-lookup.js';
import { designationOptions, statusOptions, workOptions } from './staff-options.js';
import { useIfscLookup } from './use-ifsc-lookup.js';
import { translateMessage, useMessages } from '../../i18n/messages.js';

const STAFF_LIST = '/dashboard/manager/staffdetails';

/** manager/editstaff/{id}, 'Update Worker'. */
export default function EditStaffPage() {
  const m = useMessages();
  useDocumentTitle(`${MSG.updateWorker} · Dutyroll`);
  const { id = '' } = useParams();
  const worker = useWorker(id);

  if (worker.isPending) return <PageLoader label={MSG.loading} />;
  if (worker.isError) {
    const detail = m(worker.error instanceof NetworkError ? MSG.cannotReachServer : worker.error instanceof ApiError ? worker.error.message : '');
    return (
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {MSG.updateWorker}
        </Title>
        <Alert color="red" variant="light" title={MSG.workerFetchFailed}>
          {detail || null}
        </Alert>
        <Anchor component={Link} to={STAFF_LIST}>
          {MSG.allStaffMembers}
        </Anchor>
      </Stack>
    );
  }
  if (worker.data.editable === false) {
    // the server refuses any change to it (an account of a higher role): say so up front
    return (
      <Stack gap="md">
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {MSG.updateWorker}
        </Title>
        <Alert color="yellow" variant="light" title={worker.data.name}>
          {MSG.staffOfHigherRole}
        </Alert>
        <Anchor component={Link} to={STAFF_LIST}>
          {MSG.allStaffMembers}
        </Anchor>
      </Stack>
    );
  }
  // keyed by the record, so a different worker starts a fresh form
  return <EditWorkerForm key={worker.data._id} worker={worker.data} />;
}

type Form = ReturnType<typeof formOf>;
const FIELD_ORDER = ['name', 'phone', 'empid', 'designation', 'aadhar', 'wage', 'work', 'ifsccode', 'branch', 'acnumber', 'uanno', 'esino', 'status'] as const;

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
  };
}

function EditWorkerForm({ worker }: { worker: Worker }) {
  const navigate = useNavigate();
  const update = useUpdateWorker(worker._id);
  const ifsc = useIfscLookup(initialIfscState({ code: worker.ifsccode, bank: worker.bank, branch: worker.branch }));
  const { form, errors, setErrors, idOf, text, digits, select } = useFormState<Form>(() => formOf(worker));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body: WorkerChangeBody = { ...form, ifsccode: ifsc.state.code, bank: ifsc.state.bank, branch: ifsc.state.branch };
    const parsed = workerUpdateBody.safeParse(body);
    const found = firstFieldError(parsed);
    if (!found.ifsccode && ifscBlocksSubmit(ifsc.state)) found.ifsccode = MSG.ifscInvalidEdit;
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError(idOf, found, FIELD_ORDER);
      return;
    }
    update.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: MSG.workerUpdated });
        const work = parsed.data?.work;
        navigate(work && work !== 'mcc' ? `${STAFF_LIST}?work=${encodeURIComponent(work)}` : STAFF_LIST);
      },
      onError: (error) => {
        const detail = error instanceof NetworkError ? MSG.cannotReachServer : error.message;
        notifications.show(
          detail && detail !== MSG.workerUpdateFailed
            ? { color: 'red', title: MSG.workerUpdateFailed, message: translateMessage(detail) }
            : { color: 'red', message: MSG.workerUpdateFailed },
        );
      },
    });
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate aria-label={MSG.updateWorker}>
        <Stack gap="lg">
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            {MSG.updateWorker}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
            <TextInput label="Staff Name" autoComplete="off" {...text('name')} required />
            <TextInput label="Phone" type="tel" autoComplete="off" {...digits('phone', PHONE_DIGITS)} required />
            <TextInput label="Emp ID" autoComplete="off" {...text('empid')} required />
            <Select label="Designation" data={designationOptions} {...select('designation')} allowDeselect={false} />
            <TextInput label="Aadhar" autoComplete="off" {...digits('aadhar', AADHAR_DIGITS)} required />
            <TextInput label="Wage" inputMode="decimal" leftSection="₹" autoComplete="off" {...text('wage')} />
            <Select label="Work" data={workOptions} {...select('work')} required allowDeselect={false} />
            <IfscFields
              lookup={ifsc}
              invalidMessage={MSG.ifscInvalidEdit}
              labels={{ ifsc: 'IFSC Code', bank: 'Bank', branch: 'Branch' }}
              ids={{ ifsc: idOf('ifsccode'), branch: idOf('branch') }}
              submitError={errors.ifsccode}
            />
            <TextInput label="Account Number" inputMode="numeric" autoComplete="off" {...text('acnumber')} />
            <TextInput label="UAN Number" inputMode="numeric" autoComplete="off" {...text('uanno')} />
            <TextInput label="ESI Number" inputMode="numeric" autoComplete="off" {...text('esino')} />
            <Select label="Status" placeholder={MSG.selectStaffStatus} data={statusOptions} {...select('status')} allowDeselect={false} />
          </SimpleGrid>
          <Group gap="sm">
            <Button type="submit" size="md" disabled={update.isPending} miw={200}>
              {update.isPending ? MSG.updating : MSG.updateWorker}
            </Button>
            <Button component={Link} to={STAFF_LIST} variant="default" size="md">
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
