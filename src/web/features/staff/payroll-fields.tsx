import type { ChangeEvent } from 'react';
import { Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DOC_LANGUAGES, GENDERS, SKILLS, type DocLanguage, type Gender, type Skill } from '../../../shared/payroll.js';
import type { Worker } from '../../../shared/schemas/staff.js';
import { DOB_YEAR_MIN } from '../../../shared/staff.js';
import { dayInZone } from '../../../shared/time.js';
import { ChoiceSelect } from '../../components/choice-select.js';
import { DayPicker } from '../../components/lazy-date-pickers.js';
import { formatDate } from '../../i18n/format.js';
import { useMessages } from '../../i18n/messages.js';
import { useCompanyTimeZone } from '../../company-profile.js';
import { SKILL_KEYS } from './staff-options.js';

/**
 * The payroll fields of a staff form as the form holds them: text, as the shared schema
 * reads them ('' is "not given"; the memberships 'true' or 'false').
 */
export interface PayrollForm {
  dob: string;
  gender: string;
  guardianName: string;
  joined: string;
  skill: string;
  language: string;
  pfMember: string;
  esiMember: string;
}

/** A new worker's: nothing given, both memberships on (issue 26: members by default). */
export const EMPTY_PAYROLL: PayrollForm = { dob: '', gender: '', guardianName: '', joined: '', skill: '', language: '', pfMember: 'true', esiMember: 'true' };

/** The section's fields in the order they are drawn, for focusing the first refused one. */
export const PAYROLL_FIELD_ORDER = ['dob', 'gender', 'guardianName', 'joined', 'skill', 'language', 'pfMember', 'esiMember'] as const;

/** A record's payroll fields as the edit form holds them. */
export function payrollFormOf(worker: Worker): PayrollForm {
  return {
    dob: worker.dob ?? '',
    gender: worker.gender ?? '',
    guardianName: worker.guardianName ?? '',
    joined: worker.joined ?? '',
    skill: worker.skill ?? '',
    language: worker.language ?? '',
    pfMember: String(worker.pfMember ?? true),
    esiMember: String(worker.esiMember ?? true),
  };
}

/** The bindings of useFormState the section uses (a form of more fields passes its own). */
interface FormBindings {
  form: PayrollForm;
  errors: Record<string, string>;
  idOf: (field: string) => string;
  set: (field: keyof PayrollForm) => (value: string) => void;
  text: (field: keyof PayrollForm) => { id: string; value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void; error: string | undefined };
  select: (field: keyof PayrollForm) => { id: string; value: string | null; onChange: (value: string | null) => void; error: string | undefined };
}

/**
 * "Payroll details" of the Add Worker and Update Worker forms (issue 26): date of birth,
 * gender, father's or husband's name, date of joining, skill category, the language of the
 * worker's documents and the PF and ESI memberships. All optional; the payroll lists what
 * is missing. `statusDays` shows the read-only days the status keeps (an edited record).
 */
export function PayrollFields({ state, statusDays }: { state: FormBindings; statusDays?: Pick<Worker, 'onLeaveFrom' | 'leftOn'> }) {
  const { t, i18n } = useTranslation();
  const m = useMessages();
  const timeZone = useCompanyTimeZone();
  const { form, errors, idOf, set, text, select } = state;
  const notGiven = t('staff.payroll.notGiven');
  const pickerProps = {
    valueFormat: 'DD/MM/YYYY',
    locale: i18n.resolvedLanguage ?? 'en',
    previousLabel: m('previousMonth'),
    nextLabel: m('nextMonth'),
    placeholder: notGiven,
    clearable: true,
    size: 'md',
  } as const;
  const day = (field: 'dob' | 'joined') => ({ id: idOf(field), value: form[field] || null, onChange: (value: string | null) => set(field)(value ?? ''), error: errors[field] });
  const member = (field: 'pfMember' | 'esiMember') => ({
    id: idOf(field),
    checked: form[field] !== 'false',
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field)(String(event.currentTarget.checked)),
    error: errors[field],
  });
  const shownDay = (value: string) => formatDate(`${value}T12:00:00Z`, 'UTC');
  const leave = statusDays?.onLeaveFrom;
  const left = statusDays?.leftOn;

  return (
    <Stack gap="md" component="section" aria-labelledby={idOf('payroll-title')}>
      <Title order={2} fz="lg" id={idOf('payroll-title')}>
        {t('staff.payroll.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <DayPicker
          label={m('payrollFields.dob')}
          {...pickerProps}
          {...day('dob')}
          defaultLevel={form.dob ? 'month' : 'decade'}
          minDate={`${DOB_YEAR_MIN}-01-01`}
          maxDate={dayInZone(new Date(), timeZone)}
        />
        <ChoiceSelect
          label={m('payrollFields.gender')}
          placeholder={notGiven}
          clearable
          data={GENDERS.map((value: Gender) => ({ value, label: t(`staff.payroll.genders.${value}`) }))}
          {...select('gender')}
        />
        <TextInput label={m('payrollFields.guardianName')} autoComplete="off" size="md" {...text('guardianName')} />
        <DayPicker label={m('payrollFields.joined')} {...pickerProps} {...day('joined')} />
        <ChoiceSelect
          label={m('payrollFields.skill')}
          placeholder={notGiven}
          clearable
          data={SKILLS.map((value: Skill) => ({ value, label: t(`staff.payroll.skills.${SKILL_KEYS[value]}`) }))}
          {...select('skill')}
        />
        <ChoiceSelect
          label={m('payrollFields.language')}
          placeholder={notGiven}
          clearable
          data={DOC_LANGUAGES.map((value: DocLanguage) => ({ value, label: t(`staff.payroll.languages.${value}`) }))}
          {...select('language')}
        />
      </SimpleGrid>
      <Group gap="xl">
        <Checkbox label={m('payrollFields.pfMember')} size="md" {...member('pfMember')} />
        <Checkbox label={m('payrollFields.esiMember')} size="md" {...member('esiMember')} />
      </Group>
      {leave || left ? (
        <Text size="sm" c="dimmed">
          {leave ? t('staff.payroll.onLeaveFrom', { day: shownDay(leave) }) : null}
          {leave && left ? ' · ' : null}
          {left ? t('staff.payroll.leftOn', { day: shownDay(left) }) : null}
        </Text>
      ) : null}
    </Stack>
  );
}
