import '@mantine/dates/styles.css';
// the pickers' month and weekday names in Hindi and Malayalam (dayjs's own locales)
import 'dayjs/locale/hi';
import 'dayjs/locale/ml';

/** The date pickers with their styles and languages: loaded by lazy-date-pickers.tsx only. */
export { DatePickerInput, MonthPickerInput } from '@mantine/dates';
