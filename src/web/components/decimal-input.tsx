import type { KeyboardEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';

type DecimalInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'inputMode' | 'type' | 'min' | 'max' | 'step'> & {
  value: string | number;
  onChange: (value: string) => void;
  min: number;
  max: number;
  /** what the arrow keys add or take away */
  step: number;
  /** decimals kept */
  scale: number;
};

/**
 * A decimal typed on a phone or a keyboard (a staffing norm, 0.6 per coach): the decimal
 * keypad, only digits and one point kept, at most `scale` decimals; the Up and Down arrows
 * step by `step` within min and max. What Mantine's NumberInput did on the norms' page,
 * without its 10 KB of formatting code (decision 0029). The form's rules say what is out
 * of range, as the server would.
 */
export function DecimalInput({ value, onChange, onBlur, min, max, step, scale, onKeyDown, ...props }: DecimalInputProps) {
  // ".5" is 0.5 at once; "5." is 5 when the field is left (decimalText)
  const keep = (text: string) => {
    const [whole = '', ...rest] = text.replace(/[^\d.]+/g, '').split('.');
    return rest.length === 0 ? whole : `${whole || '0'}.${rest.join('').slice(0, scale)}`;
  };
  function stepBy(event: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(event);
    const direction = event.key === 'ArrowUp' ? 1 : event.key === 'ArrowDown' ? -1 : 0;
    if (!direction || event.defaultPrevented) return;
    event.preventDefault();
    const current = Number.parseFloat(String(value));
    const next = Number.isNaN(current) ? min : Math.min(max, Math.max(min, current + direction * step));
    onChange(String(Number(next.toFixed(scale))));
  }
  return (
    <TextInput
      maxLength={12}
      {...props}
      inputMode="decimal"
      autoComplete="off"
      value={String(value)}
      onKeyDown={stepBy}
      onChange={(event) => onChange(keep(event.currentTarget.value))}
      onBlur={(event) => {
        const tidy = decimalText(String(value));
        if (tidy !== String(value)) onChange(tidy);
        onBlur?.(event);
      }}
    />
  );
}

/** The number a DecimalInput holds, as the rules read it: "5." is "5" (a point with nothing after it). */
export function decimalText(text: string): string {
  return text.replace(/\.$/, '');
}
