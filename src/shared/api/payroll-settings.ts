import { z } from 'zod';
import { MSG } from '../messages.js';
import {
  holidayBody,
  holidayParams,
  holidayRenameBody,
  holidayResponse,
  holidaysQuery,
  payrollSettingsAnswer,
  payrollSettingsBody,
  payrollSettingsQuery,
  payrollSettingsResponse,
} from '../schemas/payroll-settings.js';
import { API } from './addresses.js';
import { defineRoute } from './contract.js';
import { errorResponses, GUARDED, successMsg } from './envelopes.js';

/**
 * The payroll settings (EPF, ESI, minimum wages), effective from a month, and the holiday
 * list (issue 26). Managers and admins read them (the payroll uses them); only admins
 * change them. A change that would alter a month whose payroll is final is refused (409).
 */

const tags = ['payroll settings'] as const;

export const payrollSettings = defineRoute({
  ...API.payrollSettings,
  tags,
  summary: 'The payroll settings in force in a month, and every saved version (managers and admins)',
  description: 'month: YYYY-MM, the current month (APP_TZ) when missing. On a fresh install the statutory defaults (isDefault: true).',
  query: payrollSettingsQuery,
  responses: { 200: payrollSettingsAnswer, ...errorResponses(...GUARDED) },
});

export const savePayrollSettings = defineRoute({
  ...API.savePayrollSettings,
  tags,
  summary: 'Save the settings in force from a month (admins)',
  description:
    'Replaces the version of effectiveFrom, or adds one. It governs the months from effectiveFrom until the next later version; ' +
    'when a final payroll lies in those months: 409 (code settingsGovernFinalMonth, naming the month). A past month that is not final may be set. Answers the saved settings.',
  body: payrollSettingsBody,
  responses: { 200: payrollSettingsResponse, ...errorResponses(...GUARDED, 409) },
});

export const listHolidays = defineRoute({
  ...API.listHolidays,
  tags,
  summary: 'The holidays of a year, by day (managers and admins)',
  description: 'year: YYYY, the current year (APP_TZ) when missing.',
  query: holidaysQuery,
  responses: { 200: z.object({ year: z.int(), holidays: z.array(holidayResponse) }), ...errorResponses(...GUARDED) },
});

export const addHoliday = defineRoute({
  ...API.addHoliday,
  tags,
  summary: 'Add a holiday (admins)',
  description: `409 "${MSG.holidayExists}" for a day already on the list, or when the payroll of its month is final.`,
  body: holidayBody,
  responses: { 201: holidayResponse, ...errorResponses(...GUARDED, 409) },
});

export const renameHoliday = defineRoute({
  ...API.renameHoliday,
  tags,
  summary: 'Rename a holiday (admins)',
  params: holidayParams,
  body: holidayRenameBody,
  responses: { 200: holidayResponse, ...errorResponses(...GUARDED, 404) },
});

export const removeHoliday = defineRoute({
  ...API.removeHoliday,
  tags,
  summary: 'Remove a holiday (admins)',
  description: 'Refused (409) when the payroll of its month is final.',
  params: holidayParams,
  responses: { 200: successMsg.describe(MSG.holidayRemoved), ...errorResponses(401, 403, 404, 409) },
});

export const payrollSettingsContracts = [payrollSettings, savePayrollSettings, listHolidays, addHoliday, renameHoliday, removeHoliday];
