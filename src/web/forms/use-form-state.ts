import { useId, useState, type ChangeEvent } from 'react';

/**
 * The state of a form of text fields: the values, the messages shown under the fields,
 * a stable id per field (to focus the first error) and props to bind each input. Typing
 * in a field clears its message.
 */
export function useFormState<F extends Record<string, string>>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const prefix = useId();
  const idOf = (field: string) => `${prefix}-${field}`;

  const set = (field: keyof F & string) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });
  };

  /** Props of a TextInput or PasswordInput. */
  const text = (field: keyof F & string) => ({
    id: idOf(field),
    value: form[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field)(event.currentTarget.value),
    error: errors[field],
  });

  /** Props of a TextInput that keeps only digits, at most `max` of them (phone, Aadhaar). */
  const digits = (field: keyof F & string, max: number) => ({
    ...text(field),
    inputMode: 'numeric' as const,
    maxLength: max,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field)(digitsOnly(event.currentTarget.value, max)),
  });

  /** Props of a Select; an empty value shows the placeholder. */
  const select = (field: keyof F & string) => ({
    id: idOf(field),
    value: form[field] || null,
    onChange: (value: string | null) => set(field)(value ?? ''),
    error: errors[field],
  });

  return { form, setForm, errors, setErrors, idOf, set, text, digits, select };
}

/** Keeps only digits, at most `max` of them. */
const digitsOnly = (value: string, max: number) => value.replace(/\D/g, '').slice(0, max);
