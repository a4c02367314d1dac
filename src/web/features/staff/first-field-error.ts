import type { z } from 'zod';
import { firstMessage } from '../../../shared/api/first-message.js';
import { issueText } from '../../forms/field-errors.js';

/**
 * The one message a staff form shows for a refused form, at its field: the one the server
 * would answer (SPEC §5: "required" before the formats), as the original forms did with
 * their single alert. Empty when the form passed.
 */
export function firstFieldError(parsed: { success: true } | { success: false; error: z.ZodError }): Record<string, string> {
  if (parsed.success) return {};
  const message = firstMessage(parsed.error.issues);
  const issue = parsed.error.issues.find((candidate) => candidate.message === message);
  return issue && message ? { [String(issue.path[0] ?? '')]: issueText(message) } : {};
}
