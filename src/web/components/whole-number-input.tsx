import { useState } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';

/** Longer than any count the rules allow, short enough that a held key cannot fill the field. */
const COUNT_DIGITS_MAX = 6;

type WholeNumberInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'inputMode' | 'type'> & {
  value: string | number;
  onChange: (value: string) => void;
  /** between groups of three digits while the field is not being typed in: 1,200 */
  thousandSeparator?: string;
};

/**
 * A count typed on a phone (coaches, tanks, bedsheets; the company's figures): the numeric
 * keypad, and only digits kept (a pasted "12 coaches" reads as 12). What Mantine's
 * NumberInput with allowDecimal={false} and allowNegative={false} did, without its 10 KB of
 * formatting code (decision 0029). The form's rules say what is too many, as the server
 * would. With `thousandSeparator` the number reads grouped once typed (1,200), and is
 * typed as plain digits.
 */
export function WholeNumberInput({ value, onChange, thousandSeparator, onFocus, onBlur, ...props }: WholeNumberInputProps) {
  const [typing, setTyping] = useState(false);
  const digits = String(value);
  const shown = thousandSeparator && !typing ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, thousandSeparator) : digits;
  return (
    <TextInput
      maxLength={COUNT_DIGITS_MAX}
      {...props}
      inputMode="numeric"
      autoComplete="off"
      value={shown}
      onFocus={(event) => {
        setTyping(true);
        onFocus?.(event);
      }}
      onBlur={(event) => {
        setTyping(false);
        onBlur?.(event);
      }}
      onChange={(event) => onChange(event.currentTarget.value.replace(/\D+/g, ''))}
    />
  );
}
