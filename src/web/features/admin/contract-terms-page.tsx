import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { BILL_UNITS, defaultBillUnit, type BillUnit } from '../../../shared/bill-draft.js';
import { CONTRACT_PERIOD_MAX, PAYROLL_SETTING_MONEY_MAX } from '../../../shared/limits.js';
import { toWorkType, WORK_TYPES, WORK_TYPE_SELECT_LABELS, type WorkType } from '../../../shared/work-types.js';
import { errorText } from '../../api/error-text.js';
import { ChoiceSelect } from '../../components/choice-select.js';
import { DecimalInput } from '../../components/decimal-input.js';
import { MonthPicker } from '../../components/lazy-date-pickers.js';
import { issueText } from '../../forms/field-errors.js';
import { billDraftRules, rulesOr, useRulesSoon } from '../../forms/form-rules.js';
import { formatDateTime, formatMoney, formatMonth } from '../../i18n/format.js';
import { translateAnswer, useMessages } from '../../i18n/messages.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { useCurrentMonth } from '../reports/report-params.js';
import { useContractPeriods } from './api.js';
import { useContractTerms, useSaveContractTerms, type ContractTerms } from './contract-terms-api.js';

/** The form as typed: money as text, so "350." and "" stay as the admin left them. */
interface Draft {
  work: WorkType;
  effectiveFrom: string;
  unit: BillUnit;
  rate: string;
  penaltyPerMissingWorker: string;
  contractPeriod: string;
}
type Field = keyof Draft;

const workLabel = (work: string) => WORK_TYPE_SELECT_LABELS[toWorkType(work) ?? 'mcc'] ?? work;

/**
 * The contract terms (issue 27; admin/contracts): for each work type the terms in force this
 * month, a form to save a version from a month (the unit billed, the rate, the penalty per
 * missing worker, the contract period Bill Details shows), and every saved version. A work
 * type without terms starts its form from its defaults and the contract period saved before
 * terms existed (GET /contract-periods).
 */
export default function ContractTermsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.documentTitle', { page: t('admin.menu.contracts') }));
  const currentMonth = useCurrentMonth(undefined);
  const terms = useContractTerms();
  const periods = useContractPeriods();
  // a version picked from the list to start the form from, and a count that starts it afresh after a save
  const [base, setBase] = useState<ContractTerms | null>(null);
  const [round, setRound] = useState(0);
  const versions = terms.data ?? [];

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          {t('admin.menu.contracts')}
        </Title>
        <Text c="dimmed">{t('admin.contractTerms.intro')}</Text>
      </Stack>
      {terms.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(terms.error)}
        </Alert>
      ) : null}
      <Stack gap="xs">
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          {t('admin.contractTerms.inForce', { month: formatMonth(currentMonth) })}
        </Title>
        <Paper withBorder radius="lg">
          <TermsTable rows={WORK_TYPES.map((work) => ({ work, terms: inForce(versions, work, currentMonth) }))} label={t('admin.contractTerms.inForce', { month: formatMonth(currentMonth) })} loading={terms.isPending} />
        </Paper>
      </Stack>
      {terms.isPending || periods.isPending ? (
        <Text c="dimmed" role="status">
          {t('admin.contractTerms.loading')}
        </Text>
      ) : (
        <TermsForm
          key={`${round} ${base?.work ?? ''} ${base?.effectiveFrom ?? ''}`}
          versions={versions}
          legacy={Object.fromEntries((periods.data ?? []).map((row) => [row.work, row.period ?? '']))}
          start={base}
          currentMonth={currentMonth}
          onSaved={() => {
            setBase(null);
            setRound((count) => count + 1);
          }}
        />
      )}
      <Stack gap="xs">
        <Title order={2} fz={{ base: 20, sm: 22 }}>
          {t('admin.contractTerms.versions')}
        </Title>
        {terms.data && versions.length === 0 ? (
          <Text c="dimmed">{t('admin.contractTerms.noVersions')}</Text>
        ) : (
          <Paper withBorder radius="lg">
            <TermsTable rows={versions.map((version) => ({ work: version.work, terms: version }))} label={t('admin.contractTerms.versions')} loading={terms.isPending} onEdit={setBase} showUpdated />
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}

/** The version of a work type that applies to `month`: the latest from that month or before. */
function inForce(versions: readonly ContractTerms[], work: WorkType, month: string): ContractTerms | null {
  return versions.filter((version) => version.work === work && version.effectiveFrom <= month).sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0] ?? null;
}

/** The latest version of a work type, whatever its month (the form starts from it). */
function latest(versions: readonly ContractTerms[], work: WorkType): ContractTerms | null {
  return versions.filter((version) => version.work === work).sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))[0] ?? null;
}

function useUnitName(): (unit: BillUnit) => string {
  const { t } = useTranslation();
  return (unit) => t(`admin.contractTerms.units.${unit}`);
}

/** Terms as rows: a work type's (or a dash when it has none); the versions' list with Edit and when each was saved. */
function TermsTable({
  rows,
  label,
  loading,
  onEdit,
  showUpdated = false,
}: {
  rows: { work: WorkType; terms: ContractTerms | null }[];
  label: string;
  loading: boolean;
  onEdit?: (terms: ContractTerms) => void;
  showUpdated?: boolean;
}) {
  const { t } = useTranslation();
  const m = useMessages();
  const unitName = useUnitName();
  const timeZone = useCompanyTimeZone();
  const columns = 6 + (showUpdated ? 1 : 0) + (onEdit ? 1 : 0);
  return (
    // it scrolls sideways on a phone: a named region a keyboard can reach (axe scrollable-region-focusable)
    <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table verticalSpacing="xs" horizontalSpacing="md" striped={Boolean(onEdit)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('admin.workType')}</Table.Th>
            <Table.Th>{t('admin.contractTerms.effectiveFrom')}</Table.Th>
            <Table.Th>{m('billFields.unit')}</Table.Th>
            <Table.Th ta="right">{m('billFields.rate')}</Table.Th>
            <Table.Th ta="right">{m('billFields.penaltyPerMissingWorker')}</Table.Th>
            <Table.Th>{m('contractPeriod')}</Table.Th>
            {showUpdated ? <Table.Th>{t('admin.contractTerms.savedAt')}</Table.Th> : null}
            {onEdit ? <Table.Th ta="right">{m('columnActions')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading ? (
            <Table.Tr>
              <Table.Td colSpan={columns} ta="center" py="xl" c="dimmed">
                {m('loading')}
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map(({ work, terms }) => (
              <Table.Tr key={`${work} ${terms?.effectiveFrom ?? ''}`}>
                <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {workLabel(work)}
                </Table.Td>
                {terms ? (
                  <>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMonth(terms.effectiveFrom)}</Table.Td>
                    <Table.Td>{unitName(terms.unit)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(terms.rate)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(terms.penaltyPerMissingWorker)}</Table.Td>
                    <Table.Td className="break-anywhere">{terms.contractPeriod ?? '—'}</Table.Td>
                    {showUpdated ? <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(terms.updatedAt, timeZone)}</Table.Td> : null}
                    {onEdit ? (
                      <Table.Td ta="right">
                        <Button
                          size="md"
                          mih={44}
                          variant="light"
                          onClick={() => onEdit(terms)}
                          aria-label={t('admin.contractTerms.editVersion', { work: workLabel(work), month: formatMonth(terms.effectiveFrom) })}
                        >
                          {m('billEdit')}
                        </Button>
                      </Table.Td>
                    ) : null}
                  </>
                ) : (
                  <Table.Td colSpan={columns - 1}>
                    <Badge color="gray" variant="light" radius="sm" tt="none">
                      {t('admin.contractTerms.none')}
                    </Badge>
                  </Table.Td>
                )}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * A version of a work type's terms from a month (PUT /admin/contract-terms). It starts from
 * the version picked in the list, else the work type's latest, else its defaults (the unit
 * its work is billed in, the contract period saved before terms); choosing another work type
 * starts it again from that one's. Each field's message is the server's own rule's; a
 * refusal (a passed bill in a month it would govern) shows above the button.
 */
function TermsForm({
  versions,
  legacy,
  start,
  currentMonth,
  onSaved,
}: {
  versions: readonly ContractTerms[];
  legacy: Record<string, string>;
  start: ContractTerms | null;
  currentMonth: string;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const m = useMessages();
  const unitName = useUnitName();
  const save = useSaveContractTerms();
  const draftFor = (work: WorkType, from: ContractTerms | null, effectiveFrom: string): Draft =>
    from
      ? { work, effectiveFrom, unit: from.unit, rate: String(from.rate), penaltyPerMissingWorker: String(from.penaltyPerMissingWorker), contractPeriod: from.contractPeriod ?? '' }
      : { work, effectiveFrom, unit: defaultBillUnit(work), rate: '', penaltyPerMissingWorker: '', contractPeriod: legacy[work] ?? '' };
  const [draft, setDraft] = useState<Draft>(() => (start ? draftFor(start.work, start, start.effectiveFrom) : draftFor('mcc', latest(versions, 'mcc'), currentMonth)));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  useRulesSoon(billDraftRules);
  const fromLegacy = !latest(versions, draft.work) && Boolean(legacy[draft.work]) && draft.contractPeriod === legacy[draft.work];

  function change(field: Field, value: string) {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setProblem(null);
  }

  function chooseWork(value: string | null) {
    const work = toWorkType(value);
    if (!work || work === draft.work) return;
    setDraft(draftFor(work, latest(versions, work), draft.effectiveFrom));
    setErrors({});
    setProblem(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const rules = await rulesOr(billDraftRules, (error) => setProblem(errorText(error)));
    if (!rules) return;
    const body = { ...draft, rate: draft.rate.trim(), penaltyPerMissingWorker: draft.penaltyPerMissingWorker.trim(), contractPeriod: draft.contractPeriod.trim() || null };
    const parsed = rules.contractTermsBody.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '') as Field;
        found[field] ??= issueText(issue.message);
      }
      setErrors(found);
      setProblem(m('fieldsNeedAttention'));
      return;
    }
    try {
      const answer = await save.mutateAsync(body);
      notifications.show({ color: 'teal', message: `${translateAnswer(answer)}: ${workLabel(answer.terms.work)}, ${formatMonth(answer.terms.effectiveFrom)}` });
      onSaved();
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="form" onSubmit={(event: FormEvent) => void onSubmit(event)} noValidate aria-labelledby="terms-form-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz={{ base: 20, sm: 22 }} id="terms-form-title">
            {t('admin.contractTerms.formTitle')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('admin.contractTerms.formIntro')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <ChoiceSelect
            label={t('admin.workType')}
            data={WORK_TYPES.map((work) => ({ value: work, label: workLabel(work) }))}
            value={draft.work}
            onChange={chooseWork}
            error={errors.work}
            required
          />
          <MonthPicker
            label={t('admin.contractTerms.effectiveFrom')}
            locale={i18n.resolvedLanguage}
            value={draft.effectiveFrom ? `${draft.effectiveFrom}-01` : null}
            onChange={(value) => change('effectiveFrom', value ? String(value).slice(0, 7) : '')}
            valueFormat="MMMM YYYY"
            error={errors.effectiveFrom}
            size="md"
            required
          />
          <ChoiceSelect
            label={m('billFields.unit')}
            data={BILL_UNITS.map((unit) => ({ value: unit, label: unitName(unit) }))}
            value={draft.unit}
            onChange={(value) => change('unit', value ?? defaultBillUnit(draft.work))}
            error={errors.unit}
            required
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DecimalInput
            label={t(`admin.contractTerms.rateLabel.${draft.unit}`)}
            value={draft.rate}
            onChange={(value) => change('rate', value)}
            min={0}
            max={PAYROLL_SETTING_MONEY_MAX}
            step={1}
            scale={2}
            size="md"
            leftSection="₹"
            leftSectionPointerEvents="none"
            error={errors.rate}
            required
          />
          <DecimalInput
            label={t('admin.contractTerms.penaltyLabel')}
            value={draft.penaltyPerMissingWorker}
            onChange={(value) => change('penaltyPerMissingWorker', value)}
            min={0}
            max={PAYROLL_SETTING_MONEY_MAX}
            step={1}
            scale={2}
            size="md"
            leftSection="₹"
            leftSectionPointerEvents="none"
            error={errors.penaltyPerMissingWorker}
            required
          />
        </SimpleGrid>
        <TextInput
          label={m('contractPeriod')}
          description={fromLegacy ? t('admin.contractTerms.fromLegacy') : undefined}
          placeholder={t('admin.contractTerms.placeholder')}
          value={draft.contractPeriod}
          onChange={(event) => change('contractPeriod', event.currentTarget.value)}
          error={errors.contractPeriod}
          maxLength={CONTRACT_PERIOD_MAX}
          size="md"
        />
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" size="md" mih={44} loading={save.isPending} miw={180}>
            {t('admin.contractTerms.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
