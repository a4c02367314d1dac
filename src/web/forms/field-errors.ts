import type { z } from 'zod';
import { firstMessage } from '../../shared/api/first-message.js';
import { MSG } from '../../shared/messages.js';
import { translateMessage } from '../i18n/messages.js';

/**
 * The first message per field of a failed zod parse, for the form's error props, in the
 * reader's language (the shared schemas' messages are MSG texts, translated by their words).
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = translateMessage(issue.message);
  }
  return errors;
}

/**
 * Reads a form through its request schema as the server will: the request, or the message
 * the server would answer first (firstMessage: SPEC's "required" before the rest), so a
 * pasted control character is a message, not a silent throw. The message is in the
 * reader's language.
 */
export function readForm<T>(schema: z.ZodType<T>, value: unknown): { ok: true; value: T } | { ok: false; message: string } {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: translateMessage(firstMessage(parsed.error.issues) ?? MSG.invalidRequest) };
}
