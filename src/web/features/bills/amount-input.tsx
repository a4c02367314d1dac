import { TextInput, type TextInputProps } from '@mantine/core';

/** Keeps what can be part of an amount in rupees: digits, one point, at most two decimals. */
function cleanAmount(text: string): string {
  const digits = text.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = digits.split('.');
  return rest.length === 0 ? whole : `${whole}.${rest.join('').slice(0, 2)}`;
}

/**
 * A rupee amount typed as text, so what the manager types is what the server stores
 * (exact numeric, no float rounding); the phone shows its decimal keypad.
 */
export function AmountInput({ value, onChange, ...props }: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange: (value: string) => void }) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection="₹"
      leftSectionPointerEvents="none"
      value={value}
      onChange={(event) => onChange(cleanAmount(event.currentTarget.value))}
      {...props}
    />
  );
}
