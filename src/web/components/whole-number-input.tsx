import { TextInput, type TextInputProps } from '@mantine/core';

/** Longer than any count the rules allow, short enough that a held key cannot fill the field. */
const COUNT_DIGITS_MAX = 6;

type WholeNumberInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'inputMode' | 'type'> & {
  value: string | number;
  onChange: (value: string) => void;
};

/**
 * A count typed on a phone (coaches, tanks, bedsheets): the numeric keypad, and only digits
 * kept (a pasted "12 coaches" reads as 12). What Mantine's NumberInput with
 * allowDecimal={false}, allowNegative={false} and hideControls did on the supervisor's
 * screens, without its 10 KB of formatting code (decision 0029). The form's rules say
 * what is too many, as the server would.
 */
export function WholeNumberInput({ value, onChange, ...props }: WholeNumberInputProps) {
  return <TextInput maxLength={COUNT_DIGITS_MAX} {...props} inputMode="numeric" autoComplete="off" value={String(value)} onChange={(event) => onChange(event.currentTarget.value.replace(/\D+/g, ''))} />;
}
