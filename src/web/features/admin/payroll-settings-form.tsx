import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { PAYROLL_SETTING_MONEY_MAX, PERCENT_MAX } from '../../../shared/limits.js';
import { SKILLS, type PayrollSettings, type Skill } from '../../../shared/payroll.js';
import { errorText } from '../../api/error-text.js';
import { DecimalInput, decimalText } from '../../components/decimal-input.js';
import { MonthPicker } from '../../components/lazy-date-pickers.js';
import { issueText } from '../../forms/field-errors.js';
import { payrollSettingsRules, rulesOr, useRulesSoon } from '../../forms/form-rules.js';
import { formatMonth } from '../../i18n/format.js';
import { useMessages, type MessageCode } from '../../i18n/messages.js';
import { useSavePayrollSettings } from './payroll-settings-api.js';

/** The form's values as typed: numbers as text, so "8." and "" stay as the admin left them. */
interface Draft {
  effectiveFrom: string;
  epf: { employeeRate: string; epsRate: string; wageCeiling: string; onActualWages: boolean };
  esi: { employeeRate: string; employerRate: string; wageCeiling: string; exemptDailyWage: string };
  minimumWages: Record<Skill, string>;
}

function draftOf(settings: PayrollSettings, effectiveFrom: string): Draft {
  const text = (value: number) => String(value);
  return {
    effectiveFrom,
    epf: { employeeRate: text(settings.epf.employeeRate), epsRate: text(settings.epf.epsRate), wageCeiling: text(settings.epf.wageCeiling), onActualWages: settings.epf.onActualWages },
    esi: {
      employeeRate: text(settings.esi.employeeRate),
      employerRate: text(settings.esi.employerRate),
      wageCeiling: text(settings.esi.wageCeiling),
      exemptDailyWage: text(settings.esi.exemptDailyWage),
    },
    minimumWages: Object.fromEntries(SKILLS.map((skill) => [skill, text(settings.minimumWages[skill])])) as Record<Skill, string>,
  };
}

/** A typed number as the request carries it: blank is "not given", which the rules name. */
function numberOf(text: string): number | undefined {
  const tidy = decimalText(text).trim();
  return tidy === '' ? undefined : Number(tidy);
}

/** The request the draft makes; the shared rules (the server's own) check it. */
function requestOf(draft: Draft) {
  return {
    effectiveFrom: draft.effectiveFrom,
    epf: { employeeRate: numberOf(draft.epf.employeeRate), epsRate: numberOf(draft.epf.epsRate), wageCeiling: numberOf(draft.epf.wageCeiling), onActualWages: draft.epf.onActualWages },
    esi: {
      employeeRate: numberOf(draft.esi.employeeRate),
      employerRate: numberOf(draft.esi.employerRate),
      wageCeiling: numberOf(draft.esi.wageCeiling),
      exemptDailyWage: numberOf(draft.esi.exemptDailyWage),
    },
    minimumWages: Object.fromEntries(SKILLS.map((skill) => [skill, numberOf(draft.minimumWages[skill])])),
  };
}

/** The label of each skill's minimum wage: the same words the rules' messages name it by. */
const MINIMUM_WAGE_LABEL: Record<Skill, MessageCode> = {
  unskilled: 'payrollFields.minimumWageUnskilled',
  'semi-skilled': 'payrollFields.minimumWageSemiSkilled',
  skilled: 'payrollFields.minimumWageSkilled',
  'highly-skilled': 'payrollFields.minimumWageHighlySkilled',
};

export interface PayrollSettingsFormProps {
  /** the settings the form starts from (those in force in the month chosen) */
  initial: PayrollSettings;
  /** the month the new version starts from, at first */
  effectiveFrom: string;
  /** after a save, the saved version */
  onSaved?: (saved: PayrollSettings) => void;
}

/**
 * A new version of the payroll settings, in force from a month (PUT /admin/payroll-settings):
 * EPF and ESI rates and ceilings, the "actual wages" switch, the minimum wage of each skill.
 * Each field's message is the server's own rule's, shown under the field; a refusal of the
 * server (a final month in the version's range) above the button.
 */
export function PayrollSettingsForm({ initial, effectiveFrom, onSaved }: PayrollSettingsFormProps) {
  const { t, i18n } = useTranslation();
  const m = useMessages();
  const save = useSavePayrollSettings();
  const [draft, setDraft] = useState(() => draftOf(initial, effectiveFrom));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  useRulesSoon(payrollSettingsRules);

  function change(update: (current: Draft) => Draft, path: string) {
    setDraft(update);
    setProblem(null);
    setErrors(({ [path]: _cleared, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const rules = await rulesOr(payrollSettingsRules, (error) => setProblem(errorText(error)));
    if (!rules) return;
    const parsed = rules.payrollSettingsBody.safeParse(requestOf(draft));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        found[path] ??= issueText(issue.message);
      }
      setErrors(found);
      setProblem(m('fieldsNeedAttention'));
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      notifications.show({ color: 'teal', message: t('admin.payrollSettings.saved', { month: formatMonth(saved.effectiveFrom) }) });
      setErrors({});
      setProblem(null);
      onSaved?.(saved);
    } catch (error) {
      setProblem(errorText(error));
    }
  }

  const rate = (group: 'epf' | 'esi', key: string, label: MessageCode) => {
    const path = `${group}.${key}`;
    const value = (draft[group] as Record<string, string | boolean>)[key] as string;
    return (
      <DecimalInput
        label={m(label)}
        value={value}
        onChange={(next) => change((current) => ({ ...current, [group]: { ...current[group], [key]: next } }), path)}
        min={0}
        max={PERCENT_MAX}
        step={0.01}
        scale={2}
        rightSection="%"
        rightSectionPointerEvents="none"
        error={errors[path]}
        required
      />
    );
  };
  const money = (path: string, label: MessageCode, value: string, set: (current: Draft, next: string) => Draft) => (
    <DecimalInput
      label={m(label)}
      value={value}
      onChange={(next) => change((current) => set(current, next), path)}
      min={0}
      max={PAYROLL_SETTING_MONEY_MAX}
      step={1}
      scale={2}
      leftSection="₹"
      leftSectionPointerEvents="none"
      error={errors[path]}
      required
    />
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="form" onSubmit={(event: FormEvent) => void onSubmit(event)} noValidate>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz={{ base: 20, sm: 22 }}>
            {t('admin.payrollSettings.newVersion')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('admin.payrollSettings.newVersionIntro')}
          </Text>
        </Stack>
        <MonthPicker
          label={m('payrollFields.effectiveFrom')}
          locale={i18n.resolvedLanguage}
          value={draft.effectiveFrom ? `${draft.effectiveFrom}-01` : null}
          onChange={(value) => change((current) => ({ ...current, effectiveFrom: value ? String(value).slice(0, 7) : '' }), 'effectiveFrom')}
          valueFormat="MMMM YYYY"
          error={errors.effectiveFrom}
          maw={280}
          required
        />
        <Stack gap="sm">
          <Title order={3} fz="md">
            {t('admin.payrollSettings.epfTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {rate('epf', 'employeeRate', 'payrollFields.epfEmployeeRate')}
            {rate('epf', 'epsRate', 'payrollFields.epsRate')}
            {money('epf.wageCeiling', 'payrollFields.epfWageCeiling', draft.epf.wageCeiling, (current, next) => ({ ...current, epf: { ...current.epf, wageCeiling: next } }))}
          </SimpleGrid>
          <Switch
            label={m('payrollFields.onActualWages')}
            description={t('admin.payrollSettings.onActualWagesHint')}
            checked={draft.epf.onActualWages}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              change((current) => ({ ...current, epf: { ...current.epf, onActualWages: checked } }), 'epf.onActualWages');
            }}
            error={errors['epf.onActualWages']}
          />
        </Stack>
        <Stack gap="sm">
          <Title order={3} fz="md">
            {t('admin.payrollSettings.esiTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            {rate('esi', 'employeeRate', 'payrollFields.esiEmployeeRate')}
            {rate('esi', 'employerRate', 'payrollFields.esiEmployerRate')}
            {money('esi.wageCeiling', 'payrollFields.esiWageCeiling', draft.esi.wageCeiling, (current, next) => ({ ...current, esi: { ...current.esi, wageCeiling: next } }))}
            {money('esi.exemptDailyWage', 'payrollFields.esiExemptDailyWage', draft.esi.exemptDailyWage, (current, next) => ({
              ...current,
              esi: { ...current.esi, exemptDailyWage: next },
            }))}
          </SimpleGrid>
        </Stack>
        <Stack gap="sm">
          <Title order={3} fz="md">
            {t('admin.payrollSettings.minimumWagesTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
            {SKILLS.map((skill) => (
              <div key={skill}>
                {money(`minimumWages.${skill}`, MINIMUM_WAGE_LABEL[skill], draft.minimumWages[skill], (current, next) => ({
                  ...current,
                  minimumWages: { ...current.minimumWages, [skill]: next },
                }))}
              </div>
            ))}
          </SimpleGrid>
        </Stack>
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={save.isPending} miw={180}>
            {t('admin.payrollSettings.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
