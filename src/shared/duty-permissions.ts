import { MSG } from './messages.js';
import { ROLE } from './roles.js';

/**
 * Why a supervisor may not change a duty, or null when they may (decision 0015): only
 * duties they supervise, and a completed one only on its completed day in APP_TZ, so past
 * attendance and wages stay as they were paid. Managers and admins may change any duty.
 * The server enforces it; the train page uses it to offer Edit only when it would work.
 */
export function dutyEditRefusal(
  editor: { id: string; role: unknown },
  duty: { supervisor: string | null; status: string; completedDay: string | null },
  today: string,
): string | null {
  if (editor.role !== ROLE.supervisor) return null;
  if (duty.supervisor?.toLowerCase() !== editor.id.toLowerCase()) return MSG.ownDutiesOnly;
  if (duty.status === 'completed' && duty.completedDay !== today) return MSG.completedDayOver;
  return null;
}

/** Why this editor may not set a completed duty back to processing, or null: only managers and admins may. */
export function reopenRefusal(editor: { role: unknown }, duty: { status: string }): string | null {
  return editor.role === ROLE.supervisor && duty.status === 'completed' ? MSG.onlyManagerReopens : null;
}
