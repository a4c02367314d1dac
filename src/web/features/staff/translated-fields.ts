type WithError = { error?: string };

interface FieldProps<K extends string, T extends WithError, D extends WithError, S extends WithError> {
  text: (field: K) => T;
  digits: (field: K, max: number) => D;
  select: (field: K) => S;
}

/**
 * The form's field props (useFormState) with their messages in the reader's language: the
 * messages are MSG's English texts (the shared rules' words, as the server answers them),
 * shown through m() from useMessages().
 */
export function translatedFields<K extends string, T extends WithError, D extends WithError, S extends WithError>(
  state: FieldProps<K, T, D, S>,
  m: (text: string) => string,
): FieldProps<K, T, D, S> {
  const tr = <P extends WithError>(props: P): P => ({ ...props, error: props.error ? m(props.error) : undefined });
  return {
    text: (field) => tr(state.text(field)),
    digits: (field, max) => tr(state.digits(field, max)),
    select: (field) => tr(state.select(field)),
  };
}
