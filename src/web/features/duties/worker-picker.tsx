import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Badge, Checkbox, CloseButton, Group, Loader, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../i18n/messages.js';
import type { CrewMember } from './api.js';
import { savedListName } from '../../offline/list-cache.js';
import { SavedAge } from '../../offline/saved-age.js';
import { suggestWorkers } from './duty-display.js';
import { crewChecklist, freeThenBusy } from './crew-shortcuts.js';
import classes from './worker-picker.module.css';

export interface ChosenWorker {
  _id: string;
  name: string;
  empid?: string;
}

/**
 * SPEC §2 / §5 crew choice: removable chips for the chosen workers and a search box whose
 * suggestion list (about 10rem, scrolling) appears once something is typed. With
 * `checklist` (Add Work Details, issue 15), the whole crew of the work type is a list of
 * tick boxes while nothing is typed, so a crew is chosen without typing a name; typing
 * narrows it to SPEC's suggestions. Each person shows the live duty they are on
 * (`liveDutyOf`, else the server's flag), and the checklist lists who is free first, then
 * who is on a live duty in a group of their own (issue 28). The checklist is one tab stop
 * (WAI-ARIA checkbox group with a roving tabindex): the arrow keys, Home and End move
 * through it, Space ticks. Chips, rows and boxes are at least 44 px tall.
 */
export function WorkerPicker({
  work,
  candidates,
  loading,
  chosen,
  onChange,
  label,
  checklist = false,
  liveDutyOf = (worker) => worker.liveDuty ?? null,
  children,
}: {
  work: string;
  candidates: readonly CrewMember[];
  loading: boolean;
  chosen: ChosenWorker[];
  onChange: (next: ChosenWorker[]) => void;
  label?: string;
  checklist?: boolean;
  liveDutyOf?: (worker: CrewMember) => string | null;
  /** shown between the label and the chips (Add Work Details: Same crew as last duty) */
  children?: ReactNode;
}) {
  const [text, setText] = useState('');
  const { t } = useTranslation();
  const m = useMessages();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const suggestions = suggestWorkers(candidates, { work, chosenIds: chosen.map((w) => w._id), text });

  function add(worker: CrewMember, fromSearch = true) {
    // SPEC §5: a worker can be added only once
    if (chosen.some((w) => w._id === worker._id)) return;
    onChange([...chosen, { _id: worker._id, name: worker.name, empid: worker.empid }]);
    if (!fromSearch) return;
    setText('');
    input.current?.focus();
  }

  const chosenIds = new Set(chosen.map((w) => w._id));
  const everyone = checklist ? crewChecklist(candidates, work) : [];
  const groups = freeThenBusy(everyone, liveDutyOf);
  // the order the arrow keys follow: the free, then the busy
  const ordered = [...groups.free, ...groups.busy];
  const [activeId, setActiveId] = useState<string | null>(null);
  const active = ordered.some((worker) => worker._id === activeId) ? activeId : (ordered[0]?._id ?? null);
  const boxes = useRef(new Map<string, HTMLElement>());
  const freeTitleId = useId();
  const busyTitleId = useId();

  function onChecklistKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const at = ordered.findIndex((worker) => worker._id === active);
    const last = ordered.length - 1;
    const next = { ArrowDown: at + 1, ArrowRight: at + 1, ArrowUp: at - 1, ArrowLeft: at - 1, Home: 0, End: last }[event.key];
    if (next === undefined || last < 0) return;
    event.preventDefault();
    const target = ordered[Math.min(Math.max(next, 0), last)]!;
    setActiveId(target._id);
    boxes.current.get(target._id)?.focus();
  }

  function toggle(worker: CrewMember, on: boolean) {
    if (on) add(worker, false);
    else onChange(chosen.filter((w) => w._id !== worker._id));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter takes the first suggestion instead of sending the form half-filled.
    if (event.key === 'Enter') {
      event.preventDefault();
      const first = suggestions[0];
      if (first) add(first);
    } else if (event.key === 'Escape') setText('');
  }

  // both lists say the same while loading or when nobody matches
  const noneYet = (
    <Text c="dimmed" size="sm" p="sm">
      {m(loading ? 'loading' : 'noWorkersFound')}
    </Text>
  );
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" component="div">
        {label ?? t('duties.columns.workers')}
      </Text>
      <SavedAge name={savedListName.crew(work)} />
      {children}
      {chosen.length > 0 && (
        <Group gap="xs" aria-label={t('duties.chosenWorkers')} role="list">
          {chosen.map((worker) => (
            <Paper key={worker._id} withBorder radius="xl" className={classes.chip} role="listitem">
              <Text size="sm" fw={500} className="break-anywhere">
                {worker.name}
              </Text>
              <CloseButton
                size="lg"
                radius="xl"
                aria-label={t('duties.removeWorker', { name: worker.name })}
                onClick={() => onChange(chosen.filter((w) => w._id !== worker._id))}
              />
            </Paper>
          ))}
        </Group>
      )}
      <TextInput
        ref={input}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder={m('searchAndAddWorkers')}
        aria-label={m('searchAndAddWorkers')}
        aria-controls={text.trim() ? listId : undefined}
        autoComplete="off"
        size="md"
        rightSection={loading ? <Loader size="xs" /> : null}
        type="search"
      />
      {text.trim() !== '' && (
        <Paper withBorder radius="md" shadow="xs" id={listId}>
          <ScrollArea.Autosize mah="10rem" type="auto">
            {suggestions.length === 0 ? (
              noneYet
            ) : (
              <Stack gap={0} role="list" aria-label={t('duties.suggestedWorkers')}>
                {suggestions.map((worker) => (
                  <UnstyledButton key={worker._id} className={classes.suggestion} onClick={() => add(worker)} role="listitem">
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <div>
                        <Text size="sm" fw={500} className="break-anywhere">
                          {worker.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {worker.empid}
                        </Text>
                      </div>
                      <LiveDutyBadge duty={liveDutyOf(worker)} />
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Paper>
      )}
      {checklist && text.trim() === '' && (
        <Paper withBorder radius="md">
          <ScrollArea.Autosize mah="22rem" type="auto">
            {everyone.length === 0 ? (
              noneYet
            ) : (
              <div role="group" aria-label={t('duties.crewChecklist')} onKeyDown={onChecklistKeyDown}>
                {[
                  { key: 'free', list: groups.free, titleId: freeTitleId, title: t('crewList.free') },
                  { key: 'busy', list: groups.busy, titleId: busyTitleId, title: t('crewList.busy') },
                ].map(
                  (group) =>
                    group.list.length > 0 && (
                      <div key={group.key} role="group" aria-labelledby={group.titleId}>
                        <Text id={group.titleId} size="xs" fw={700} c="dimmed" px="sm" py={6} bg="gray.0" className={classes.groupTitle}>
                          {group.title}
                        </Text>
                        {group.list.map((worker) => {
                          const on = chosenIds.has(worker._id);
                          return (
                            <Checkbox.Card
                              key={worker._id}
                              ref={(element: HTMLButtonElement | null) => {
                                if (element) boxes.current.set(worker._id, element);
                                else boxes.current.delete(worker._id);
                              }}
                              tabIndex={worker._id === active ? 0 : -1}
                              onFocus={() => setActiveId(worker._id)}
                              checked={on}
                              onChange={(next) => toggle(worker, next)}
                              radius={0}
                              withBorder={false}
                              className={classes.option}
                            >
                              <Group gap="sm" wrap="nowrap">
                                <Checkbox.Indicator size="md" />
                                <div className={classes.optionText}>
                                  <Text size="sm" fw={500} className="break-anywhere">
                                    {worker.name}
                                  </Text>
                                  {worker.empid && (
                                    <Text size="xs" c="dimmed">
                                      {worker.empid}
                                    </Text>
                                  )}
                                </div>
                                <LiveDutyBadge duty={liveDutyOf(worker)} />
                              </Group>
                            </Checkbox.Card>
                          );
                        })}
                      </div>
                    ),
                )}
              </div>
            )}
          </ScrollArea.Autosize>
        </Paper>
      )}
    </Stack>
  );
}

/** "on 12625": the person is on that live duty already (they may still be chosen). */
function LiveDutyBadge({ duty }: { duty: string | null }) {
  const { t } = useTranslation();
  if (!duty) return null;
  return (
    <Badge variant="light" color="orange" size="sm" title={t('duties.alreadyOnLiveDuty')} style={{ flexShrink: 0 }}>
      {t('duties.onDuty', { duty })}
    </Badge>
  );
}
