import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Badge, CloseButton, Group, Loader, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MSG } from '../../../shared/messages.js';
import { useMessages } from '../../i18n/messages.js';
import type { CrewMember } from './api.js';
import { savedListName } from '../../offline/list-cache.js';
import { SavedAge } from '../../offline/saved-age.js';
import { suggestWorkers } from './duty-display.js';
import classes from './worker-picker.module.css';

export interface ChosenWorker {
  _id: string;
  name: string;
  empid?: string;
}

/**
 * SPEC §2 / §5 crew choice: removable chips for the chosen workers and a search box whose
 * suggestion list (about 10rem, scrolling) appears once something is typed. Chips and
 * suggestions are full-height touch targets, for a supervisor's thumb.
 */
export function WorkerPicker({
  work,
  candidates,
  loading,
  chosen,
  onChange,
  label,
}: {
  work: string;
  candidates: CrewMember[];
  loading: boolean;
  chosen: ChosenWorker[];
  onChange: (next: ChosenWorker[]) => void;
  label?: string;
}) {
  const [text, setText] = useState('');
  const { t } = useTranslation();
  const m = useMessages();
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const suggestions = suggestWorkers(candidates, { work, chosenIds: chosen.map((w) => w._id), text });

  function add(worker: CrewMember) {
    // SPEC §5: a worker can be added only once
    if (chosen.some((w) => w._id === worker._id)) return;
    onChange([...chosen, { _id: worker._id, name: worker.name, empid: worker.empid }]);
    setText('');
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter takes the first suggestion instead of sending the form half-filled.
    if (event.key === 'Enter') {
      event.preventDefault();
      const first = suggestions[0];
      if (first) add(first);
    } else if (event.key === 'Escape') setText('');
  }

  return (
    <Stack gap="xs">
      <Text fw={600} size="sm" component="div">
        {label ?? t('duties.columns.workers')}
      </Text>
      <SavedAge name={savedListName.crew(work)} />
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
        placeholder={m(MSG.searchAndAddWorkers)}
        aria-label={m(MSG.searchAndAddWorkers)}
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
              <Text c="dimmed" size="sm" p="sm">
                {m(loading ? MSG.loading : MSG.noWorkersFound)}
              </Text>
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
                      {worker.liveDuty && (
                        <Badge variant="light" color="orange" size="sm" title={t('duties.alreadyOnLiveDuty')}>
                          {t('duties.onDuty', { duty: worker.liveDuty })}
                        </Badge>
                      )}
                    </Group>
                  </UnstyledButton>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Paper>
      )}
    </Stack>
  );
}
