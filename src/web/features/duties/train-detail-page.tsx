import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { Alert, Anchor, Badge, Button, Center, Group, List, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { WholeNumberInput } from '../../components/whole-number-input.js';
import { ChoiceSelect } from '../../components/choice-select.js';
import { notifications } from '@mantine/notifications';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isTrainWork } from '../../../shared/duties.js';
import { dutyEditRefusalCode, mayDeleteDuty, reopenRefusal } from '../../../shared/permissions.js';
import { TRAIN_NO_MAX } from '../../../shared/limits.js';
import { dayInZone } from '../../../shared/time.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { ApiError } from '../../api/client.js';
import { useAuth } from '../../auth/auth-context.js';
import { useCrewCandidates, useDuty } from './api.js';
import { useFixEntry } from '../../offline/fix-entry.js';
import { FixNotice } from '../../offline/fix-notice.js';
import { savedDutyName } from '../../offline/list-cache.js';
import { useOutboxStatus } from '../../offline/outbox-provider.js';
import { isLocalId, type OutboxEntry } from '../../offline/outbox-types.js';
import { withQueuedChanges, type ShownDuty } from '../../offline/queued-duties.js';
import { PendingBadge, SavedAge } from '../../offline/saved-age.js';
import { useSubmitWrite } from '../../offline/submit-write.js';
import { MarkCompletedButton } from './mark-completed-button.js';
import { DeleteDutyButton } from './delete-duty-button.js';
import { readDutyForm } from './duty-form.js';
import { formatTimestamp, supervisorLabel } from './duty-display.js';
import { useErrorText } from '../../api/error-text.js';
import { formatNumber } from '../../i18n/format.js';
import { useMessages, messageText } from '../../i18n/messages.js';
import { WorkerPicker, type ChosenWorker } from './worker-picker.js';
import { dutyRules, rulesOr } from '../../forms/form-rules.js';


/**
 * SPEC §2 Train detail: manager/traindetail/{id} ('Completed Work Details') and
 * user/traindetails/{id}, one component. Edit changes train number, coaches, status and
 * crew; the save carries the version it was made from, so a save over someone else's
 * newer change is refused (409) instead of overwriting it.
 */
export default function TrainDetailPage() {
  const errorText = useErrorText();
  const { id = '' } = useParams();
  const inManagerArea = useLocation().pathname.startsWith('/dashboard/manager');
  const { t } = useTranslation();
  const m = useMessages();
  const title = inManagerArea ? m('completedWorkDetails') : t('duties.trainDetailsTitle');
  useDocumentTitle(title);
  // a duty added offline (local id) lives only in the outbox; a server duty shows its queued changes
  const local = isLocalId(id);
  const duty = useDuty(local ? '' : id);
  const { entries, resolvedIds } = useOutboxStatus();
  const shown = withQueuedChanges(duty.data ?? null, id, entries);
  const { pathname, state } = useLocation();
  const fix = useFixEntry(['complete', 'editCrew']);
  // the add was sent meanwhile: the duty's page under the server's id
  if (local && !shown && resolvedIds[id]) return <Navigate to={pathname.replace(id, resolvedIds[id])} replace />;
  const backTo = inManagerArea ? { to: listAddress(state, '/dashboard/manager/completed'), label: t('duties.completedWorks') } : { to: '/dashboard/user', label: t('supervisor.menu.liveDuty') };

  let content: ReactNode;
  if (shown) {
    // a new version (after a save or a reload) or a queued change starts from the shown copy
    content = <DutyDetail key={`${shown.version}:${shown.pending ?? ''}`} duty={shown} lowerCaseStatus={inManagerArea} backTo={backTo.to} fix={fix} />;
  } else if (local) {
    content = (
      <Alert color="red" variant="light" role="alert">
        {m('dutyNotFound')}
      </Alert>
    );
  } else if (duty.isPending) {
    content = (
      <Center py="xl">
        <Loader type="dots" aria-label={m('loading')} />
      </Center>
    );
  } else if (duty.isError) {
    content = (
      <Alert color="red" variant="light" role="alert">
        {duty.error instanceof ApiError && duty.error.status === 404 ? m('dutyNotFound') : errorText(duty.error)}
      </Alert>
    );
  }

  return (
    <Stack gap="md" maw={820}>
      <Anchor component={Link} to={backTo.to} size="sm" fw={600}>
        ← {backTo.label}
      </Anchor>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {title}
      </Title>
      <SavedAge name={local ? null : savedDutyName(id)} />
      {content}
    </Stack>
  );
}

function DutyDetail({ duty, lowerCaseStatus, backTo, fix }: { duty: ShownDuty; lowerCaseStatus: boolean; backTo: string; fix: OutboxEntry | null }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { user } = useAuth();
  const navigate = useNavigate();
  const mayDelete = mayDeleteDuty(user?.role) && duty.pending !== 'added';
  // the crew edit goes through the phone's outbox (decision 0020)
  const submitWrite = useSubmitWrite();
  const [saving, setSaving] = useState(false);
  // Fix of a refused crew edit: the form opens with what was entered, on the current copy
  const [fixing, setFixing] = useState(fix?.kind === 'editCrew' ? fix : null);
  const fixed = fixing?.entered;
  const [editing, setEditing] = useState(fixing !== null);
  const [trainno, setTrainno] = useState(fixed?.trainno ?? duty.trainno ?? '');
  const [totalcoach, setTotalcoach] = useState<string | number>(fixed?.totalcoach ?? duty.totalcoach ?? '');
  const [status, setStatus] = useState<string | null>(fixed?.status ?? duty.status);
  const [crew, setCrew] = useState<ChosenWorker[]>(fixed?.crew ?? duty.workerDetails);
  const [problem, setProblem] = useState<string | null>(null);
  const candidates = useCrewCandidates(editing ? duty.work : null);
  // the edit form's rules come when it opens (form-rules.ts)
  useEffect(() => {
    if (editing) dutyRules().catch(() => {});
  }, [editing]);
  const timeZone = useCompanyTimeZone();
  const m = useMessages();
  /** Any change clears the last validation message. */
  const changing =
    <T,>(setter: (value: T) => void) =>
    (value: T) => {
      setter(value);
      setProblem(null);
    };

  const train = isTrainWork(duty.work);
  const coachesLabel = duty.work === 'bio' ? t('duties.totalTank') : t('duties.totalCoaches');
  // the server lets only managers set a completed duty back to processing
  const mayReopen = !user || reopenRefusal(user, duty) === null;
  // the server's rule (decision 0015): a supervisor changes only duties they supervise, a
  // completed one only on its completed day; Edit is not offered when it would be refused
  const editRefusal = user ? dutyEditRefusalCode({ id: user._id, role: user.role }, duty, dayInZone(new Date(), timeZone)) : null;
  // SPEC §2: the manager's page lists the values (processing, completed), the user area labels them
  const statusLabel = (value: 'processing' | 'completed') => (lowerCaseStatus ? t(`duties.status.${value}`) : t(`duties.statusLabel.${value}`));
  const statusOptions = [
    { value: 'processing', label: statusLabel('processing'), disabled: !mayReopen },
    { value: 'completed', label: statusLabel('completed') },
  ];

  function startEditing() {
    setTrainno(duty.trainno ?? '');
    setTotalcoach(duty.totalcoach ?? '');
    setStatus(duty.status);
    setCrew(duty.workerDetails);
    setProblem(null);
    setEditing(true);
  }

  async function onSave(event: FormEvent) {
    event.preventDefault();
    const body = { trainno: trainno.trim(), status: status ?? '', totalcoach: String(totalcoach), workers: crew.map((w) => w._id), version: duty.version };
    // the server's schema with the rules of this duty's work type, in SPEC's order
    const rules = await rulesOr(dutyRules, (error) => notifications.show({ color: 'red', message: errorText(error) }));
    if (!rules) return;
    const checked = readDutyForm(rules.dutyEditSchema(duty.work), body);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const entered = { work: duty.work, trainno: body.trainno || null, totalcoach: body.totalcoach || null, status: body.status, crew };
      const result = await submitWrite({ kind: 'editCrew', dutyRef: duty._id, body, entered }, fixing?.id);
      if (result.kind === 'refused') {
        notifications.show({ color: 'red', message: errorText(result.error) });
        // a stale copy: leave edit mode; the reload (invalidation) shows the current duty
        if (result.error instanceof ApiError && result.error.status === 409) setEditing(false);
        return;
      }
      notifications.show(result.kind === 'sent' ? { color: 'green', message: messageText('trainUpdated') } : { color: 'blue', message: t('offline.savedOnPhone') });
      setFixing(null);
      setEditing(false);
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          <Text size="sm" c="dimmed">
            {t('duties.createdAtTime', { time: formatTimestamp(duty.createdAt, timeZone) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('duties.updatedAtTime', { time: formatTimestamp(duty.updatedAt, timeZone) })}
          </Text>
        </SimpleGrid>

        <PendingBadge pending={duty.pending} />
        {fixing && <FixNotice entry={fixing} />}
        {fix?.kind === 'complete' && (
          <>
            <FixNotice entry={fix} />
            {duty.status !== 'completed' && <MarkCompletedButton duty={duty} label={m('markAsCompleted')} size="md" fix={fix} />}
          </>
        )}
        {!editing ? (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <Field label={t('duties.work')}>{duty.work.toUpperCase()}</Field>
              <Field label={t('duties.columns.trainNo')}>{duty.trainno ?? '—'}</Field>
              <Field label={t('duties.columns.status')}>
                <Badge color={duty.status === 'completed' ? 'green' : 'orange'} variant="light" size="lg" tt="none">
                  {statusLabel(duty.status)}
                </Badge>
              </Field>
              <Field label={t('duties.columns.supervisor')}>{supervisorLabel(duty)}</Field>
              <Field label={coachesLabel}>{duty.totalcoach === null ? '—' : formatNumber(duty.totalcoach)}</Field>
              {duty.work === 'acca' && (
                <Field label={t('duties.bedsheets')}>
                  {t('duties.bedsheetsSuppliedReturned', {
                    supplied: duty.suppliedBedsheet === null ? '—' : formatNumber(duty.suppliedBedsheet),
                    returned: duty.returned === null ? '—' : formatNumber(duty.returned),
                  })}
                </Field>
              )}
            </SimpleGrid>
            <Field label={t('duties.assignedWorkers', { count: duty.workerCount })}>
              {duty.workerDetails.length === 0 ? (
                '—'
              ) : (
                <List spacing={4} size="sm">
                  {duty.workerDetails.map((worker) => (
                    <List.Item key={worker._id}>
                      {worker.name}{' '}
                      <Text span c="dimmed" size="xs">
                        {worker.empid}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              )}
            </Field>
            {editRefusal && (
              <Text size="sm" c="dimmed">
                {m(editRefusal)}
              </Text>
            )}
            {(!editRefusal || mayDelete) && (
              <Group>
                {!editRefusal && (
                  <Button size="md" onClick={startEditing}>
                    {t('common.edit')}
                  </Button>
                )}
                {mayDelete && <DeleteDutyButton duty={duty} size="md" onDeleted={() => void navigate(backTo)} />}
              </Group>
            )}
          </>
        ) : (
          <form onSubmit={onSave} noValidate>
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label={t('duties.columns.trainNo')} value={trainno} onChange={(e) => changing(setTrainno)(e.currentTarget.value)} maxLength={TRAIN_NO_MAX} withAsterisk={train} />
                <ChoiceSelect label={t('duties.columns.status')} data={statusOptions} value={status} onChange={changing(setStatus)} withAsterisk />
                <TextInput label={t('duties.columns.supervisor')} value={supervisorLabel(duty)} readOnly variant="filled" />
                <WholeNumberInput
                  label={coachesLabel}
                  value={totalcoach}
                  onChange={changing(setTotalcoach)}
                  size="md"
                  withAsterisk={train}
                />
              </SimpleGrid>
              <WorkerPicker
                label={t('duties.assignedWorkers', { count: crew.length })}
                work={duty.work}
                candidates={candidates.data ?? []}
                loading={candidates.isPending}
                chosen={crew}
                onChange={changing(setCrew)}
              />
              {problem && (
                <Alert color="red" variant="light" role="alert">
                  {problem}
                </Alert>
              )}
              <Group>
                <Button type="submit" size="md" disabled={saving}>
                  {saving ? m('saving') : t('common.save')}
                </Button>
                <Button variant="default" size="md" onClick={() => setEditing(false)} disabled={saving}>
                  {m('cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="div" fw={500} className="break-anywhere">
        {children}
      </Text>
    </div>
  );
}

/**
 * The list the details were opened from, with its tab and dates (?work=&from=&to=), as the
 * list passed it in the link's state; otherwise the list's plain address.
 */
function listAddress(state: unknown, list: string): string {
  const from = state && typeof state === 'object' ? (state as { list?: unknown }).list : null;
  return typeof from === 'string' && (from === list || from.startsWith(`${list}?`)) ? from : list;
}
