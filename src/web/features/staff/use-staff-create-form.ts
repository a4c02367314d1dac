import { useState, type FormEvent } from 'react';
import { useAuth } from '../../auth/auth-context.js';
import { notifyCreated, notifyCreateFailed } from '../../forms/create-toasts.js';
import { useFormState } from '../../forms/use-form-state.js';
import { useRulesSoon, type RulesLoader } from '../../forms/form-rules.js';
import { type Answer, type MessageCode, useMessages } from '../../i18n/messages.js';
import { useStaffCreated } from './api.js';
import { focusFirstError } from './focus-first-error.js';
import { ifscBlocksSubmit, type IfscState } from './ifsc-lookup.js';
import { useIfscLookup } from './use-ifsc-lookup.js';

/**
 * The submit flow of the Add Worker and Add Supervisor forms (SPEC §5, §8): build the
 * payload with the looked-up bank, check it with the shared rules (and refuse an IFSC the
 * lookup found invalid), focus the first wrong field, send it, show SPEC's toasts, and on
 * success start a fresh form and refresh the staff lists. Field messages and toasts are in
 * the reader's language.
 */
export function useStaffCreateForm<F extends Record<string, string>, B>(options: {
  empty: F;
  fieldOrder: readonly string[];
  toBody: (form: F, ifsc: IfscState) => B;
  /** The field messages of a refused form (the shared rules load after the screen: form-rules.ts). */
  validate: (body: B) => Promise<Record<string, string>>;
  /** The rules' loader, started when the form opens. */
  rules: RulesLoader<unknown>;
  send: (body: B, token: string | null) => Promise<{ status: number; data?: Answer }>;
  success: MessageCode;
}) {
  const { token } = useAuth();
  const m = useMessages();
  const ifsc = useIfscLookup();
  const staffCreated = useStaffCreated();
  const state = useFormState<F>(options.empty);
  const [submitting, setSubmitting] = useState(false);
  useRulesSoon(options.rules);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const body = options.toBody(state.form, ifsc.state);
    let found;
    try {
      found = await options.validate(body);
    } catch (error) {
      notifyCreateFailed(error);
      return;
    }
    if (!found.ifsccode && ifscBlocksSubmit(ifsc.state)) found.ifsccode = m('ifscInvalidAdd');
    state.setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError(state.idOf, found, options.fieldOrder);
      return;
    }
    setSubmitting(true);
    try {
      const answer = await options.send(body, token);
      notifyCreated(answer.status, options.success, answer.data);
      if (answer.status === 201) {
        state.setForm(options.empty);
        ifsc.reset();
        void staffCreated();
      }
    } catch (error) {
      notifyCreateFailed(error);
    } finally {
      setSubmitting(false);
    }
  }

  return { ...state, ifsc, submitting, onSubmit };
}
