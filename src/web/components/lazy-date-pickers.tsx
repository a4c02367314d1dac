import { lazy, Suspense, type ComponentProps } from 'react';
import { TextInput } from '@mantine/core';
import type { DatePickerInput as DatePickerInputType, MonthPickerInput as MonthPickerInputType } from '@mantine/dates';

/**
 * The date pickers (Mantine's, with dayjs: 16 KB gzipped) load after the screen they are
 * on (decision 0029): a list shows its rows without them. Until they are in, the field is
 * drawn as a plain input of the same label and size, read-only, so nothing moves when the
 * picker arrives. Their code not loading (offline on a first visit) leaves that input.
 */
const load = () => import('./date-pickers.js');
const LazyDatePickerInput = lazy(() => load().then((module) => ({ default: module.DatePickerInput })));
const LazyMonthPickerInput = lazy(() => load().then((module) => ({ default: module.MonthPickerInput })));

type RangePickerProps = ComponentProps<typeof DatePickerInputType<'range'>>;
type DayPickerProps = ComponentProps<typeof DatePickerInputType<'default'>>;
type MonthPickerProps = ComponentProps<typeof MonthPickerInputType<'default'>>;

/** Where a picker will be: its label, placeholder and size (and a day already chosen, as text), nothing to pick yet. */
function Placeholder({
  label,
  placeholder,
  size,
  miw,
  style,
  error,
  withAsterisk,
  shown = '',
}: Pick<RangePickerProps, 'label' | 'placeholder' | 'size' | 'miw' | 'style' | 'error' | 'withAsterisk'> & { shown?: string }) {
  return <TextInput label={label} placeholder={placeholder} size={size} miw={miw} style={style} error={error} withAsterisk={withAsterisk} value={shown} readOnly />;
}

/** A range of days (Mantine's DatePickerInput with type="range"). */
export function DateRangePicker(props: Omit<RangePickerProps, 'type'>) {
  return (
    <Suspense fallback={<Placeholder {...props} />}>
      <LazyDatePickerInput {...(props as ComponentProps<typeof LazyDatePickerInput>)} type="range" />
    </Suspense>
  );
}

/** 'YYYY-MM-DD' as DD/MM/YYYY, the pickers' valueFormat on the forms, for the stand-in. */
const dayShown = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-').reverse().join('/') : '');

/** One day (Mantine's DatePickerInput): a date of birth, a day of joining. */
export function DayPicker(props: DayPickerProps) {
  return (
    <Suspense fallback={<Placeholder {...props} shown={dayShown(props.value)} />}>
      <LazyDatePickerInput {...(props as ComponentProps<typeof LazyDatePickerInput>)} />
    </Suspense>
  );
}

/** A month (Mantine's MonthPickerInput). */
export function MonthPicker(props: MonthPickerProps) {
  return (
    <Suspense fallback={<Placeholder {...props} />}>
      <LazyMonthPickerInput {...(props as ComponentProps<typeof LazyMonthPickerInput>)} />
    </Suspense>
  );
}
