import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import classes from './choice-select.module.css';

interface Choice {
  value: string;
  label: string;
  disabled?: boolean;
}

type ChoiceSelectProps = Omit<NativeSelectProps, 'data' | 'value' | 'onChange' | 'placeholder'> & {
  data: readonly (string | Choice)[];
  value: string | null;
  /** the chosen value, or null for the empty choice (placeholder) */
  onChange: (value: string | null) => void;
  /** the empty choice's text: "Choose a work type", or a filter's "All roles" */
  placeholder?: string;
  /** the empty choice may be picked again (a filter's "all") */
  clearable?: boolean;
};

/**
 * A choice from a short fixed list, as the browser's own select (Mantine's NativeSelect):
 * the phone's picker, the keyboard's letters and arrows, no floating layer to load
 * (decision 0029). Same props as the searchable Select it replaced on the forms: `value`
 * null or '' is the empty choice, drawn as a first option with the placeholder's text,
 * disabled unless `clearable`. `required` marks the field (asterisk, aria-required) and
 * leaves the check to the form's rules, as before: the browser's own bubble would speak
 * English over a Hindi form.
 */
export function ChoiceSelect({ data, value, onChange, placeholder, clearable = false, required, size = 'md', className, ...props }: ChoiceSelectProps) {
  const empty = !value;
  const options: (string | Choice)[] = [...data];
  // the empty choice: a placeholder, a cleared filter, or nothing chosen yet
  if (placeholder !== undefined || clearable || empty) options.unshift({ value: '', label: placeholder ?? '', disabled: !clearable });
  // a stored value the list does not know is shown as stored, not as the first choice
  if (value && !data.some((item) => (typeof item === 'string' ? item : item.value) === value)) options.push({ value, label: value });
  return (
    <NativeSelect
      {...props}
      size={size}
      className={[className, empty ? classes.empty : null].filter(Boolean).join(' ') || undefined}
      withAsterisk={props.withAsterisk ?? required}
      aria-required={required || undefined}
      data={options}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
    />
  );
}
