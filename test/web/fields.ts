import { screen, waitFor } from '@testing-library/react';

/** A form field by the start of its label (Mantine adds ' *' to a required one). */
export function field(label: string): HTMLInputElement {
  const named = screen.getAllByLabelText(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
  // a searchable Select's option list carries its label too
  const input = named.find((element) => element.tagName === 'INPUT' || element.tagName === 'TEXTAREA' || element.tagName === 'SELECT');
  if (!input) throw new Error(`no input labelled ${label}`);
  return input as HTMLInputElement;
}

/** The message Mantine shows under a field (its `<id>-error` element), or null. */
export function errorOf(label: string): string | null {
  const input = field(label);
  return (input.id && document.getElementById(`${input.id}-error`)?.textContent) || null;
}

/**
 * The message under a field once the form has shown one: a form checks with rules it may
 * still be loading when the user submits, so the message can come a moment after the click.
 */
export async function findErrorOf(label: string): Promise<string> {
  let message: string | null = null;
  await waitFor(() => {
    message = errorOf(label);
    if (!message) throw new Error(`no message under ${label}`);
  });
  return message as unknown as string;
}
