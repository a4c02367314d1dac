import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Badge, Checkbox, CloseButton, Group, Loader, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMessages } from '../../i18n/messages.js';
import type { CrewMember } from './api.js';
import { savedListName } from '../../offline/list-cache.js';
import { SavedAge } from '../../offline/saved-age.js';
import { suggestWorkers } from './duty-display.js';
import { crewChecklist } from './crew-shortcuts.js';
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
 * (`liveDutyOf`, else the server's flag). Chips, rows and boxes are at least 44 px tall.
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
  candidates: CrewMember[];
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
              <Stack gap={0} role="group" aria-label={t('duties.crewChecklist')}>
                {everyone.map((worker) => {
                  const on = chosenIds.has(worker._id);
                  return (
                    <Checkbox.Card key={worker._id} checked={on} onChange={(next) => toggle(worker, next)} radius={0} withBorder={false} className={classes.option}>
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
              </Stack>
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
