import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '../../../shared/api/addresses.js';
import type { staffBulkPreview } from '../../../shared/api/staff-bulk.js';
import { SKILLS, type Skill } from '../../../shared/payroll.js';
import type { BulkPreview } from '../../../shared/schemas/staff-bulk.js';
import { DEFAULT_APP_TZ, dayInZone } from '../../../shared/time.js';
import { call, type CallInput } from '../../api/call.js';
import { ApiError } from '../../api/client.js';
import { useErrorText } from '../../api/error-text.js';
import { useAuth } from '../../auth/auth-context.js';
import { AppModal } from '../../components/app-modal.js';
import { ChoiceSelect } from '../../components/choice-select.js';
import { translateAnswer, translateCode, useMessages } from '../../i18n/messages.js';
import { newUuid } from '../../offline/new-uuid.js';
import { useStaffLabels, workOptions } from './staff-options.js';
import type { StaffSelection } from './use-staff-selection.js';

/** Bulk changes to staff (issue 28): the dialog that previews, confirms and applies one change, loaded when first opened. */

type BulkBody = CallInput<typeof staffBulkPreview>['body'];
type BulkFilterBody = NonNullable<BulkBody['filter']>;
type Field = 'status' | 'work' | 'designation' | 'skill' | 'wage';
const FIELDS: Field[] = ['status', 'work', 'designation', 'skill', 'wage'];
const SKILL_KEYS = { unskilled: 'unskilled', 'semi-skilled': 'semiSkilled', skilled: 'skilled', 'highly-skilled': 'highlySkilled' } as const satisfies Record<Skill, string>;
/** Up to this many selected workers are named one by one in the confirmation. */
const NAMED_MAX = 10;
/** When more are selected, these first ones are named, then "and N others". */
const NAMED_FIRST = 3;

/** The selection as the server reads it: the ticked ids, or the filter for "all that match". */
function selectionBody(selection: StaffSelection): Pick<BulkBody, 'ids' | 'filter'> {
  if (!selection.allMatching) return { ids: [...selection.picked.keys()] };
  const { work, q, status, designation, skill } = selection.filter;
  return {
    filter: {
      ...(work ? { work } : {}),
      ...(q ? { q } : {}),
      ...(status ? { status: status as BulkFilterBody['status'] } : {}),
      ...(designation ? { designation: designation as BulkFilterBody['designation'] } : {}),
      ...(skill ? { skill: skill as BulkFilterBody['skill'] } : {}),
    },
  };
}

/** "A, B and C", or "A, B, C and 38 others" when more than NAMED_MAX are named. */
function useNames() {
  const { t } = useTranslation();
  return (names: readonly string[]) =>
    names.length <= NAMED_MAX ? names.join(', ') : t('staff.bulk.namesAndOthers', { names: names.slice(0, NAMED_FIRST).join(', '), count: names.length - NAMED_FIRST });
}

interface Draft {
  field: Field;
  value: string;
  wage: string;
  from: string;
}

/**
 * The dialog: choose the change, preview it (the server lists who will change, who already
 * has the value and who may not be changed, and why), then confirm once — the confirmation
 * names how many and who — and the server applies it in one transaction. A record refused
 * at that moment refuses the whole change (nothing applied) and the dialog lists it.
 */
export default function BulkChangeDialog({ opened, onClose, selection }: { opened: boolean; onClose: () => void; selection: StaffSelection }) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} title={<Text fw={700} size="lg">{t('staff.bulk.title')}</Text>} centered size="lg" radius="lg">
      {opened ? <BulkChangeForm selection={selection} onClose={onClose} /> : null}
    </AppModal>
  );
}

function BulkChangeForm({ selection, onClose }: { selection: StaffSelection; onClose: () => void }) {
  const { t } = useTranslation();
  const m = useMessages();
  const errorText = useErrorText();
  const names = useNames();
  const labels = useStaffLabels();
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const today = dayInZone(new Date(), DEFAULT_APP_TZ);
  const [draft, setDraft] = useState<Draft>({ field: 'status', value: '', wage: '', from: today });
  const [preview, setPreview] = useState<{ body: BulkBody; answer: BulkPreview; key: string } | null>(null);

  const change = (): BulkBody['change'] => (draft.field === 'wage' ? { wage: draft.wage, from: draft.from } : { [draft.field]: draft.value });
  const previewing = useMutation({
    mutationFn: (body: BulkBody) => call(API.staffBulkPreview, { body, token }),
    onSuccess: (answer, body) => setPreview({ body, answer, key: newUuid() }),
  });
  const applying = useMutation({
    mutationFn: ({ body, key }: { body: BulkBody; key: string }) => call(API.staffBulkUpdate, { body, headers: { 'idempotency-key': key }, token }),
    onSuccess: async (answer) => {
      notifications.show({ color: 'teal', message: translateAnswer(answer) });
      selection.clear();
      onClose();
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    applying.reset();
    previewing.mutate({ ...selectionBody(selection), change: change() } as BulkBody);
  }

  function confirm() {
    if (!preview) return;
    // exactly the records the preview named as changing
    applying.mutate({ body: { ids: preview.answer.changes.map((row) => row._id), change: preview.body.change } as BulkBody, key: preview.key });
  }

  const valueLabel = (field: Field, value: string | null) => {
    if (value === null || value === '') return t('staff.payroll.notGiven');
    if (field === 'status') return labels.status(value);
    if (field === 'designation') return labels.designation(value);
    if (field === 'skill') return value in SKILL_KEYS ? t(`staff.payroll.skills.${SKILL_KEYS[value as Skill]}`) : value;
    if (field === 'wage') return `₹${value}`;
    return workOptions.find((option) => option.value === value)?.label ?? value;
  };

  if (preview) {
    const { answer } = preview;
    const applyRefused = applying.error instanceof ApiError ? ((applying.error.body as { refused?: BulkPreview['refused'] }).refused ?? null) : null;
    const refused = applyRefused ?? answer.refused;
    const field = draft.field;
    const after = answer.changes[0]?.after ?? null;
    return (
      <Stack gap="md">
        {answer.changes.length > 0 ? (
          <Alert color="blue" variant="light" title={t('staff.bulk.willChange', { count: answer.changes.length, value: valueLabel(field, after) })}>
            <Text size="sm" data-testid="bulk-names">
              {names(answer.changes.map((row) => row.name))}
            </Text>
            {answer.pending ? (
              <Text size="sm" mt="xs">
                {t('staff.bulk.pending', { day: draft.from })}
              </Text>
            ) : null}
          </Alert>
        ) : (
          <Alert color="gray" variant="light">
            {t('staff.bulk.nothingToChange')}
          </Alert>
        )}
        {answer.unchanged > 0 ? <Text size="sm">{t('staff.bulk.unchanged', { count: answer.unchanged })}</Text> : null}
        {refused.length > 0 ? (
          <Stack gap={4}>
            <Text fw={600}>{t('staff.bulk.refused', { count: refused.length })}</Text>
            <Table.ScrollContainer minWidth={420}>
              <Table aria-label={t('staff.bulk.refused', { count: refused.length })}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{m('columnName')}</Table.Th>
                    <Table.Th>{m('columnEmpId')}</Table.Th>
                    <Table.Th>{t('staff.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {refused.map((row) => (
                    <Table.Tr key={row._id}>
                      <Table.Td>{row.name || row._id}</Table.Td>
                      <Table.Td>{row.empid}</Table.Td>
                      <Table.Td>{row.code ? (translateCode(row.code, row.params) ?? row.reason) : row.reason}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ) : null}
        {applying.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(applying.error, 'somethingWentWrong')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setPreview(null)} disabled={applying.isPending}>
            {t('staff.bulk.back')}
          </Button>
          {answer.changes.length > 0 && !applyRefused ? (
            <Button onClick={confirm} loading={applying.isPending}>
              {t('staff.bulk.confirm', { count: answer.changes.length })}
            </Button>
          ) : null}
        </Group>
      </Stack>
    );
  }

  const choices: Record<Exclude<Field, 'wage'>, { value: string; label: string }[]> = {
    status: labels.statusOptions,
    work: workOptions,
    designation: labels.designationOptions,
    skill: SKILLS.map((value) => ({ value, label: t(`staff.payroll.skills.${SKILL_KEYS[value]}`) })),
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">{selection.allMatching ? t('staff.bulk.forAllMatching') : names([...selection.picked.values()])}</Text>
        <ChoiceSelect
          label={t('staff.bulk.field')}
          value={draft.field}
          onChange={(value) => setDraft({ ...draft, field: value as Field, value: '' })}
          data={FIELDS.map((field) => ({ value: field, label: t(`staff.bulk.fields.${field}`) }))}
        />
        {draft.field === 'wage' ? (
          <Group grow align="flex-start" gap="sm">
            <TextInput label={t('staff.bulk.newWage')} inputMode="decimal" value={draft.wage} onChange={(event) => setDraft({ ...draft, wage: event.currentTarget.value })} size="md" />
            <TextInput type="date" label={t('staff.bulk.from')} value={draft.from} onChange={(event) => setDraft({ ...draft, from: event.currentTarget.value })} size="md" />
          </Group>
        ) : (
          <ChoiceSelect
            label={t('staff.bulk.newValue')}
            value={draft.value}
            placeholder={t('staff.bulk.choose')}
            onChange={(value) => setDraft({ ...draft, value: value ?? '' })}
            data={choices[draft.field]}
          />
        )}
        {previewing.isError ? (
          <Alert color="red" variant="light" role="alert">
            {errorText(previewing.error, 'somethingWentWrong')}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {m('cancel')}
          </Button>
          <Button type="submit" loading={previewing.isPending}>
            {t('staff.bulk.preview')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
