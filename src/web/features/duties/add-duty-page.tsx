import { useId, useState, type FormEvent } from 'react';
import { useDocumentTitle } from '@mantine/hooks';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { WholeNumberInput } from '../../components/whole-number-input.js';
import { ChoiceSelect } from '../../components/choice-select.js';
import { SearchableSelect } from '../../components/lazy-floating.js';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DUTY_TYPES, hasDutyType, isTrainWork } from '../../../shared/duties.js';
import { TRAIN_NO_MAX } from '../../../shared/limits.js';
import { ROLE } from '../../../shared/roles.js';
import { toWorkType, WORK_TYPES, workTypeButtonLabel, type WorkType } from '../../../shared/work-types.js';
import { refusalOf } from '../../offline/outbox-types.js';
import { errorText, noAnswer } from '../../api/error-text.js';
import { useAuth } from '../../auth/auth-context.js';
import { useCompletedDuties, useCrewCandidates, useDutyStaffingNorms, useLiveDuties, useSupervisors, type CrewMember, type NewDutyBody } from './api.js';
import { useFixEntry } from '../../offline/fix-entry.js';
import { useSubmitWrite } from '../../offline/submit-write.js';
import { FixNotice } from '../../offline/fix-notice.js';
import { useOutboxStatus } from '../../offline/outbox-provider.js';
import { liveBoardWithQueued } from '../../offline/queued-duties.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { formatNumber } from '../../i18n/format.js';
import { useMessages, messageText } from '../../i18n/messages.js';
import { readDutyForm, requiredStaffShown, thisMonthRange } from './duty-form.js';
import { crewOfDuty, knownDuties, lastDutyOf, liveDutyByWorker, recentTrainNumbers, withoutSupervisor } from './crew-shortcuts.js';
import { WorkerPicker, type ChosenWorker } from './worker-picker.js';
import { dutyRules, rulesOr, useRulesSoon } from '../../forms/form-rules.js';

const emptyFields = { trainno: '', totalcoach: '' as string | number, type: 'Primary', suppliedBedsheet: '' as string | number };

/**
 * SPEC §2 Add Work Details (manager/addwork and user/addduty). A supervisor with a known
 * work type gets only that type and is recorded as the duty's supervisor; a manager picks
 * the type and the supervisor. The form is read with the server's own request schema, so
 * it says what the server would, and Required Staff uses the server's staffing norm.
 * Crew entry in a few taps (issue 15): the crew is a checklist showing who is on a live
 * duty, "Same crew as last duty" and the recent train numbers are read from the live and
 * completed lists (and the outbox) the phone already holds, so they work offline too.
 * The duty's supervisor is not offered as their own crew, and once a duty is saved a
 * button leads back to the live list at its work type, in one tap (issue 28).
 */
export default function AddDutyPage() {
  const { t } = useTranslation();
  const m = useMessages();
  useDocumentTitle(m('addTrainTitle'));
  const { user } = useAuth();
  const isManager = user?.role === ROLE.manager || user?.role === ROLE.admin;
  const ownWork = isManager ? null : toWorkType(user?.work);
  const workChoices: readonly WorkType[] = ownWork ? [ownWork] : WORK_TYPES;

  // Fix of a refused add kept on the phone: the form opens with what was entered
  const [fixing, setFixing] = useState(useFixEntry(['create']));
  const entered = fixing?.entered;
  const [work, setWork] = useState<WorkType | null>(() => (entered ? (toWorkType(entered.work) ?? ownWork) : ownWork));
  const [fields, setFields] = useState(() =>
    entered
      ? { trainno: entered.trainno ?? '', totalcoach: entered.totalcoach ?? '', type: entered.type || 'Primary', suppliedBedsheet: entered.suppliedBedsheet ?? '' }
      : emptyFields,
  );
  const [supervisor, setSupervisor] = useState<string | null>(entered?.supervisor ?? null);
  const [crew, setCrew] = useState<ChosenWorker[]>(entered?.crew ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  // a duty was saved (sent, or kept on the phone): the way back to the live list is offered
  const [saved, setSaved] = useState(false);

  const candidates = useCrewCandidates(work);
  // the duty's supervisor (the one signed in, or the one a manager chose) is not their own crew
  const crewPool = withoutSupervisor(candidates.data ?? [], isManager ? supervisor : user?._id);
  const supervisors = useSupervisors(isManager);
  const norms = useDutyStaffingNorms();
  const shortcuts = useCrewShortcuts(work, isManager ? supervisor : (user?._id ?? null));
  // through the phone's outbox: sent now when the network allows, else kept and sent later,
  // once, under its own Idempotency-Key (decision 0020)
  const submitWrite = useSubmitWrite();
  const [saving, setSaving] = useState(false);
  useRulesSoon(dutyRules);

  const train = work ? isTrainWork(work) : false;
  const required = requiredStaffShown(work, fields.totalcoach, norms.data);
  const set = <K extends keyof typeof emptyFields>(key: K, value: (typeof emptyFields)[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setProblem(null);
    setSaved(false);
  };

  function chooseWork(next: WorkType) {
    if (next === work) return;
    setWork(next);
    // the chosen crew belongs to the old type; the server would refuse it
    setCrew([]);
    setProblem(null);
    setSaved(false);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    if (!work) {
      setProblem(m('workInvalid'));
      return;
    }
    const body: NewDutyBody = {
      work,
      trainno: train ? fields.trainno.trim() : '',
      supervisor: isManager ? (supervisor ?? '') : (user?._id ?? ''),
      totalcoach: train ? String(fields.totalcoach) : '',
      type: hasDutyType(work) ? fields.type : '',
      workers: crew.map((w) => w._id),
      status: 'processing',
      suppliedBedsheet: work === 'acca' ? String(fields.suppliedBedsheet) : '',
      reqq: required,
      used: crew.length,
    };
    const rules = await rulesOr(dutyRules, (error) => notifications.show({ color: 'red', message: errorText(error, 'trainAddFailed', 'somethingWentWrongBang') }));
    if (!rules) return;
    const checked = readDutyForm(rules.createDutyBody, body);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(null);
    const supervisorName = isManager ? (supervisorOptions.find((option) => option.value === body.supervisor)?.label ?? null) : (user?.name ?? null);
    setSaving(true);
    try {
      const result = await submitWrite(
        {
          kind: 'create',
          body,
          entered: {
            work,
            trainno: train ? fields.trainno.trim() : null,
            totalcoach: train ? fields.totalcoach : null,
            type: hasDutyType(work) ? fields.type : null,
            suppliedBedsheet: work === 'acca' ? fields.suppliedBedsheet : null,
            supervisor: body.supervisor || null,
            supervisorName,
            crew,
            reqq: required,
          },
        },
        fixing?.id,
      );
      if (result.kind === 'refused') {
        const { error } = result;
        // a Fix refused again stays kept (and is what a next Fix replaces)
        if (result.kept) setFixing({ ...result.entry, refusal: refusalOf(error) });
        // SPEC §8: the server's message, else 'Failed to add train details.'; no answer: SPEC's 'Something went wrong!' over the one network-error text
        notifications.show({ color: 'red', title: noAnswer(error) ? messageText('somethingWentWrongBang') : undefined, message: errorText(error, 'trainAddFailed', 'somethingWentWrongBang') });
        return;
      }
      notifications.show(result.kind === 'sent' ? { color: 'green', message: messageText('trainAdded') } : { color: 'blue', message: t('offline.savedOnPhone') });
      setSaved(true);
      // SPEC §4: clear the fields, keep the supervisor (and the type), back to processing, no crew
      setFields(emptyFields);
      setCrew([]);
      setFixing(null);
    } catch (error) {
      notifications.show({ color: 'red', title: noAnswer(error) ? messageText('somethingWentWrongBang') : undefined, message: errorText(error, 'trainAddFailed', 'somethingWentWrongBang') });
    } finally {
      setSaving(false);
    }
  }

  // "Same crew as last duty": that duty's people who are still in the active crew
  const lastCrew = shortcuts.lastDuty ? crewOfDuty(shortcuts.lastDuty, crewPool) : [];
  const lastCrewNoteId = useId();

  const supervisorOptions = (supervisors.data ?? [])
    .slice()
    // the chosen type's supervisors first: they are the likely ones
    .sort((a, b) => Number(toWorkType(b.work) === work) - Number(toWorkType(a.work) === work))
    .map((s) => ({ value: s._id, label: s.work ? `${s.name} · ${s.work.toUpperCase()}` : s.name }));
  // a manager or admin may be the supervisor of the work they add (SPEC §3: a user id)
  if (isManager && user && !supervisorOptions.some((option) => option.value === user._id)) {
    supervisorOptions.push({ value: user._id, label: user.name ? t('duties.supervisorMe', { name: user.name }) : t('duties.me') });
  }

  return (
    <Stack gap="md" maw={720}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('duties.addWorkDetails')}
      </Title>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="form" onSubmit={onSubmit} noValidate>
        <Stack gap="lg">
          <div role="group" aria-label={t('duties.workType')}>
            <Text fw={600} size="sm" mb={6}>
              {t('duties.workType')}
            </Text>
            <SimpleGrid cols={{ base: workChoices.length === 1 ? 1 : 2, xs: 3 }} spacing="xs">
              {workChoices.map((choice) => (
                <Button
                  key={choice}
                  size="md"
                  variant={choice === work ? 'filled' : 'default'}
                  aria-pressed={choice === work}
                  onClick={() => chooseWork(choice)}
                >
                  {workTypeButtonLabel(choice)}
                </Button>
              ))}
            </SimpleGrid>
          </div>

          {work && (
            <>
              {train && (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  <Stack gap={6}>
                    <TextInput
                      label={t('duties.trainNumber')}
                      value={fields.trainno}
                      onChange={(event) => set('trainno', event.currentTarget.value)}
                      maxLength={TRAIN_NO_MAX}
                      inputMode="numeric"
                      autoComplete="off"
                      size="md"
                      withAsterisk
                    />
                    {shortcuts.recentTrains.length > 0 && (
                      <Group gap={6} role="group" aria-label={t('duties.recentTrains')}>
                        {shortcuts.recentTrains.map((train) => (
                          <Button
                            key={train}
                            variant={fields.trainno.trim() === train ? 'filled' : 'light'}
                            size="sm"
                            mih={44}
                            px="sm"
                            radius="xl"
                            aria-pressed={fields.trainno.trim() === train}
                            aria-label={t('duties.useRecentTrain', { train })}
                            onClick={() => set('trainno', train)}
                          >
                            {train}
                          </Button>
                        ))}
                      </Group>
                    )}
                  </Stack>
                  <WholeNumberInput
                    label={work === 'bio' ? t('duties.totalTank') : t('duties.totalCoaches')}
                    value={fields.totalcoach}
                    onChange={(value) => set('totalcoach', value)}
                    size="md"
                    withAsterisk
                  />
                  {hasDutyType(work) && (
                    <ChoiceSelect
                      label={t('duties.type')}
                      data={DUTY_TYPES.map((value) => ({ value, label: t(`duties.dutyTypes.${value}`) }))}
                      value={fields.type}
                      onChange={(value) => set('type', value ?? 'Primary')}
                    />
                  )}
                  {work === 'acca' && (
                    <WholeNumberInput
                      label={t('duties.suppliedBedsheet')}
                      value={fields.suppliedBedsheet}
                      onChange={(value) => set('suppliedBedsheet', value)}
                      size="md"
                      withAsterisk
                    />
                  )}
                </SimpleGrid>
              )}

              {isManager && (
                <SearchableSelect
                  label={t('duties.columns.supervisor')}
                  placeholder={supervisors.isPending ? m('loading') : t('duties.chooseSupervisor')}
                  data={supervisorOptions}
                  value={supervisor}
                  onChange={(value) => {
                    setSupervisor(value);
                    setProblem(null);
                  }}
                  nothingFoundMessage={t('duties.noSupervisors')}
                  withAsterisk={train}
                />
              )}

              <SimpleGrid cols={2} spacing="sm">
                <Counter label={m('requiredStaff')} value={required} />
                <Counter label={m('selectedStaff')} value={crew.length} />
              </SimpleGrid>

              <WorkerPicker
                work={work}
                candidates={crewPool}
                loading={candidates.isPending}
                chosen={crew}
                onChange={(next) => {
                  setCrew(next);
                  setProblem(null);
                  setSaved(false);
                }}
                checklist
                liveDutyOf={shortcuts.liveDutyOf}
              >
                {lastCrew.length > 0 && (
                  <Button
                    variant="light"
                    size="md"
                    mih={44}
                    fullWidth
                    onClick={() => {
                      setCrew(lastCrew);
                      setProblem(null);
                      setSaved(false);
                    }}
                    aria-describedby={lastCrewNoteId}
                  >
                    {t('duties.sameCrewAsLast')}
                  </Button>
                )}
                {lastCrew.length > 0 && shortcuts.lastDuty && (
                  <Text size="xs" c="dimmed" id={lastCrewNoteId} mt={-4}>
                    {t('duties.sameCrewNote', {
                      duty: shortcuts.lastDuty.trainno || shortcuts.lastDuty.work.toUpperCase(),
                      names: lastCrew.map((worker) => worker.name).join(', '),
                    })}
                  </Text>
                )}
              </WorkerPicker>
            </>
          )}

          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          {fixing && <FixNotice entry={fixing} />}
          {/* the toast said it was saved; the way back to the live list stays until the next duty is begun */}
          {saved && work && (
            <Button component={Link} to={`${isManager ? '/dashboard/manager/livework' : '/dashboard/user'}?work=${work}`} variant="light" size="md" mih={44} fullWidth>
              {t('crewList.backToList', { list: isManager ? t('manager.liveWorks') : t('supervisor.menu.liveDuty') })}
            </Button>
          )}
          <Group justify="stretch" grow>
            <Button type="submit" size="lg" disabled={saving || !work}>
              {m(saving ? 'submitting' : 'addTrainDetails')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}

/**
 * What the crew shortcuts read: the live duties of the work type (the outbox's queued adds
 * and completions applied) and this month's completed ones, from the boards' own queries
 * (saved on the phone for offline use). `supervisor` is whose last duty and trains count.
 */
function useCrewShortcuts(work: WorkType | null, supervisor: string | null) {
  const timeZone = useCompanyTimeZone();
  // the Completed board's own range (and so its query, and its copy saved on the phone)
  const days = thisMonthRange(new Date(), timeZone);
  const live = useLiveDuties(work ?? '', { enabled: Boolean(work) });
  const completed = useCompletedDuties(work ?? '', days.from, days.to, { enabled: Boolean(work) });
  const { entries } = useOutboxStatus();
  if (!work) return { lastDuty: null, recentTrains: [] as string[], liveDutyOf: undefined };
  const liveShown = liveBoardWithQueued(live.data?.pages.flatMap((page) => page.duties) ?? [], entries, work);
  const duties = knownDuties(liveShown, completed.data?.pages.flatMap((page) => page.duties) ?? []);
  // the live list covers every live duty of the work type, so it says who is busy (with
  // this phone's queued changes); until it loads, the crew list's own flag does
  const onDuty = live.data ? liveDutyByWorker(liveShown) : null;
  return {
    lastDuty: supervisor ? lastDutyOf(duties, { work, supervisor }) : null,
    recentTrains: isTrainWork(work) ? recentTrainNumbers(duties, { work, supervisor }) : [],
    liveDutyOf: onDuty ? (worker: CrewMember) => onDuty.get(worker._id) ?? null : undefined,
  };
}

function Counter({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz={26} fw={700} aria-label={`${label}: ${formatNumber(value)}`}>
        {formatNumber(value)}
      </Text>
    </Paper>
  );
}
