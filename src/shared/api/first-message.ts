import { MSG } from '../messages.js';

/**
 * SPEC §5 checks a form's required fields before anything else: a form with a blank
 * required field and a wrong phone number says "Please fill all required fields" first.
 * A schema reports its issues field by field, so the message a person sees is the first
 * issue with one of these "required" messages, else the first issue. The server's error
 * handler and the web forms choose the same way.
 */
const REQUIRED_MESSAGES: ReadonlySet<string> = new Set([
  MSG.fillAllRequired,
  MSG.fillAllFields,
  MSG.selectAtLeastOneWorker,
  MSG.enterSuppliedBedsheet,
  MSG.emailRequired,
  MSG.passwordRequired,
  MSG.otpRequired,
  MSG.newPasswordRequired,
]);

/** The message to show for a list of schema issues, in SPEC's order (see above). */
export function firstMessage(issues: readonly { message?: string }[]): string | undefined {
  const required = issues.find((issue) => issue.message && REQUIRED_MESSAGES.has(issue.message));
  return (required ?? issues.find((issue) => issue.message))?.message;
}
