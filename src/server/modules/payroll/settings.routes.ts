import type { FastifyInstance } from 'fastify';
import {
  addHoliday as addHolidayRoute,
  listHolidays,
  payrollSettings,
  removeHoliday as removeHolidayRoute,
  renameHoliday as renameHolidayRoute,
  savePayrollSettings as savePayrollSettingsRoute,
} from '../../../shared/api/payroll-settings.js';
import { MSG } from '../../../shared/messages.js';
import { PAYROLL_SETTINGS_EDITORS, PAYROLL_SETTINGS_READERS } from '../../../shared/permissions.js';
import { monthInZone } from '../../../shared/time.js';
import { serve } from '../../contract-route.js';
import type { AppDeps } from '../../deps.js';
import type { Guards } from '../../plugins/auth.js';
import type { Actor } from '../audit/audit.service.js';
import { addHoliday, holidaysBetween, payrollSettingsView, removeHoliday, renameHoliday, savePayrollSettings } from './settings.service.js';

/**
 * The payroll settings and the holidays (issue 26), from src/shared/api/payroll-settings.ts:
 * managers and admins read, admins write. The reads are small and not kept (no cacheScope);
 * every write, once committed, empties the kept answers (serve()), so the attendance grid
 * shows a new holiday at once.
 */
export function payrollSettingsRoutes(deps: AppDeps, guards: Guards) {
  const readers = { onRequest: guards.roles(...PAYROLL_SETTINGS_READERS) };
  const editors = { onRequest: guards.roles(...PAYROLL_SETTINGS_EDITORS) };
  const actorOf = (user: { id: string; name: string } | null): Actor => ({ id: user!.id, name: user!.name });

  return async function payrollSettingsPlugin(app: FastifyInstance): Promise<void> {
    serve(app, payrollSettings, readers, async (request) => payrollSettingsView(deps.db, request.query.month ?? monthInZone(deps.now(), deps.config.appTz)));
    serve(app, savePayrollSettingsRoute, editors, async (request, _reply, db) => savePayrollSettings(db, actorOf(request.user), request.body));

    serve(app, listHolidays, readers, async (request) => {
      const year = request.query.year ?? Number(monthInZone(deps.now(), deps.config.appTz).slice(0, 4));
      return { year, holidays: await holidaysBetween(deps.db, `${year}-01-01`, `${year}-12-31`) };
    });
    serve(app, addHolidayRoute, editors, async (request, reply, db) => {
      const holiday = await addHoliday(db, actorOf(request.user), request.body);
      reply.status(201);
      return holiday;
    });
    serve(app, renameHolidayRoute, editors, async (request, _reply, db) => renameHoliday(db, actorOf(request.user), request.params.day, request.body.name));
    serve(app, removeHolidayRoute, editors, async (request, _reply, db) => {
      await removeHoliday(db, actorOf(request.user), request.params.day);
      return { success: true as const, msg: MSG.holidayRemoved };
    });
  };
}
