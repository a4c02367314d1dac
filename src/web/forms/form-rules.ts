import { useEffect } from 'react';

/**
 * The forms' rules (the shared request schemas, and zod under them) load after the screen,
 * not before it (decision 0029): a screen shows its form without them, starts loading
 * them as it opens (`useRulesSoon`), and its submit awaits them, so a person who submits
 * at once waits for them there, not for the whole screen. On the supervisor's phone they
 * are precached with the screens (vite.pwa.ts), so this works offline too.
 */
export type RulesLoader<T> = () => Promise<T>;

/**
 * A module loaded on first want and kept. A failed load (no network on a first visit)
 * is not kept: the next want tries again.
 */
function formRules<T>(load: () => Promise<T>): RulesLoader<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}

/**
 * A form's rules at its submit, or null when they could not load (no network on a first
 * visit), after `failed` has shown why in the form's own way.
 */
export async function rulesOr<T>(load: RulesLoader<T>, failed: (error: unknown) => void): Promise<T | null> {
  try {
    return await load();
  } catch (error) {
    failed(error);
    return null;
  }
}

/** Starts loading a form's rules when the form opens, so they are in before the submit. */
export function useRulesSoon(...loaders: RulesLoader<unknown>[]): void {
  useEffect(() => {
    // a failure here is met again, and shown, at the submit
    for (const load of loaders) load().catch(() => {});
    // the loaders are module constants: once per opening
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

// each request schema module once, for the forms that read with it
export const adminRules = formRules(() => import('../../shared/schemas/admin.js'));
export const authRules = formRules(() => import('../../shared/schemas/auth.js'));
export const billRules = formRules(() => import('../../shared/schemas/bills.js'));
export const billDraftRules = formRules(() => import('../../shared/schemas/bill-draft.js'));
export const chatRules = formRules(() => import('../../shared/schemas/chat.js'));
export const payrollSettingsRules = formRules(() => import('../../shared/schemas/payroll-settings.js'));
export const companyProfileRules = formRules(() => import('../../shared/company-profile.js'));
export const dutyRules = formRules(() => import('../../shared/schemas/duties.js'));
export const payrollRules = formRules(() => import('../../shared/schemas/payroll.js'));
export const staffRules = formRules(() => import('../../shared/schemas/staff.js'));
