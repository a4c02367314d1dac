import type { z } from 'zod';
import { firstMessage } from '../../shared/api/first-message.js';
import { describeMessage } from '../../shared/message-template.js';
import { currentLanguage } from '../i18n/i18n.js';
import { messageText, translateCode, type MessageCode } from '../i18n/messages.js';

/**
 * A message of a failed zod parse in the reader's language. The shared schemas (the
 * server's own request schemas) give zod MSG's words, and a zod issue keeps only those
 * words, so this is the one place the web knows a message by its words: by exact identity
 * with a text MSG holds or a MSG template built (describeMessage), never by a pattern
 * (decision 0030). Words MSG does not know are shown as they are.
 */
export function issueText(message: string): string {
  if (currentLanguage() === 'en') return message;
  const known = describeMessage(message);
  return (known && translateCode(known.code, known.params)) ?? message;
}

/**
 * The message the server would answer first for these issues (firstMessage: SPEC's
 * "required" before the rest), in the reader's language; `fallback` (a code) when none has one.
 */
export function firstIssueText(issues: readonly { message?: string }[], fallback: MessageCode = 'invalidRequest'): string {
  const message = firstMessage(issues);
  return message ? issueText(message) : messageText(fallback);
}

/**
 * The first message per field of a failed zod parse, for the form's error props, in the
 * reader's language (issueText).
 */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = issueText(issue.message);
  }
  return errors;
}

/**
 * Reads a form through its request schema as the server will: the request, or the message
 * the server would answer first (firstIssueText), so a pasted control character is a
 * message, not a silent throw. The message is in the reader's language.
 */
export function readForm<T>(schema: z.ZodType<T>, value: unknown): { ok: true; value: T } | { ok: false; message: string } {
  const parsed = schema.safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, message: firstIssueText(parsed.error.issues) };
}
