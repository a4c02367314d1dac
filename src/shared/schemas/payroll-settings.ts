import { z } from 'zod';
import { CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN, HOLIDAY_NAME_MAX, PAYROLL_SETTING_MONEY_MAX, PERCENT_MAX } from '../limits.js';
import { MSG } from '../messages.js';
import { SKILLS, type PayrollSettings, type Skill } from '../payroll.js';
import { isDay } from '../time.js';
import { requiredLine } from './auth.js';
import { monthField } from './input-rules.js';

/**
 * The payroll settings and the holiday list (issue 26): the admin's requests and their
 * answers, shared by the contracts (src/shared/api/payroll-settings.ts), the server and the
 * admin's forms. Rates are percentages and money is rupees, each with at most two decimals;
 * the payroll turns them into hundredths and paise (src/shared/payroll.ts).
 */

const F = MSG.payrollFields;

/** A percentage from 0 to 100 with at most two decimals (12, 8.33), as a JSON number. */
function rate(field: string) {
  const message = MSG.rateInvalid(field);
  return z.number({ error: message }).min(0, message).max(PERCENT_MAX, message).multipleOf(0.01, message).describe('per cent, 0–100, at most two decimals');
}

/** Rupees from 0 to PAYROLL_SETTING_MONEY_MAX with at most two decimals, as a JSON number. */
function rupees(field: string) {
  const message = MSG.settingMoneyInvalid(field, PAYROLL_SETTING_MONEY_MAX);
  return z
    .number({ error: message })
    .min(0, message)
    .max(PAYROLL_SETTING_MONEY_MAX, message)
    .multipleOf(0.01, message)
    .describe(`rupees, 0–${PAYROLL_SETTING_MONEY_MAX}, at most two decimals`);
}

/** The field name of each skill's minimum wage, as its messages name it. */
export const MINIMUM_WAGE_FIELD: Record<Skill, string> = {
  unskilled: F.minimumWageUnskilled,
  'semi-skilled': F.minimumWageSemiSkilled,
  skilled: F.minimumWageSkilled,
  'highly-skilled': F.minimumWageHighlySkilled,
};

const minimumWages = z.object(
  Object.fromEntries(SKILLS.map((skill) => [skill, rupees(MINIMUM_WAGE_FIELD[skill]).describe(`minimum wage per day, ${skill}, in rupees`)])) as Record<
    Skill,
    ReturnType<typeof rupees>
  >,
  { error: MSG.fieldRequired(F.minimumWageUnskilled) },
);

/**
 * PUT /admin/payroll-settings: the settings document, in force from `effectiveFrom` until a
 * later version's month. Every field is required.
 */
export const payrollSettingsBody = z.object({
  effectiveFrom: monthField(MSG.fieldRequired(F.effectiveFrom)).describe('YYYY-MM: the first month these settings govern'),
  epf: z.object(
    {
      employeeRate: rate(F.epfEmployeeRate),
      epsRate: rate(F.epsRate),
      wageCeiling: rupees(F.epfWageCeiling),
      onActualWages: z.boolean({ error: MSG.switchInvalid(F.onActualWages) }).describe('contribute on actual wages above the ceiling'),
    },
    { error: MSG.fieldRequired(F.epfEmployeeRate) },
  )
    // the employer's EPF part is employee EPF − EPS: it may not go below 0
    .refine((epf) => epf.epsRate <= epf.employeeRate, { message: MSG.epsAboveEmployeeRate, path: ['epsRate'] }),
  esi: z.object(
    {
      employeeRate: rate(F.esiEmployeeRate),
      employerRate: rate(F.esiEmployerRate),
      wageCeiling: rupees(F.esiWageCeiling),
      exemptDailyWage: rupees(F.esiExemptDailyWage).describe('no employee share at an average daily wage at or below this'),
    },
    { error: MSG.fieldRequired(F.esiEmployeeRate) },
  ),
  minimumWages,
}) satisfies z.ZodType<PayrollSettings>;

/** One version of the settings as answered. */
export const payrollSettingsResponse = z.object({
  effectiveFrom: z.string().describe('YYYY-MM'),
  epf: z.object({ employeeRate: z.number(), epsRate: z.number(), wageCeiling: z.number(), onActualWages: z.boolean() }),
  esi: z.object({ employeeRate: z.number(), employerRate: z.number(), wageCeiling: z.number(), exemptDailyWage: z.number() }),
  minimumWages: z.object(Object.fromEntries(SKILLS.map((skill) => [skill, z.number()])) as Record<Skill, z.ZodNumber>),
});

/** GET /admin/payroll-settings?month=: the month asked for; blank or missing, the current one. */
export const payrollSettingsQuery = z.object({
  month: z
    .union([z.literal(''), monthField()])
    .optional()
    .transform((month) => month || undefined)
    .describe('YYYY-MM; the current month (APP_TZ) when blank or missing'),
});

/** GET /admin/payroll-settings: the settings in force in `month`, and every saved version. */
export const payrollSettingsAnswer = payrollSettingsResponse.extend({
  month: z.string().describe('the month asked for (YYYY-MM)'),
  isDefault: z.boolean().describe('true when no saved version governs the month: the statutory defaults'),
  history: z
    .array(payrollSettingsResponse.extend({ updatedAt: z.string() }))
    .describe('every saved version, the latest effectiveFrom first'),
});

// ---- holidays ----

const yearMessage = MSG.yearInvalid(F.year, CALENDAR_YEAR_MIN, CALENDAR_YEAR_MAX);

/** GET /admin/holidays?year=: a year; blank or missing, the current one (APP_TZ). */
export const holidaysQuery = z.object({
  year: z
    .union([z.literal(''), z.string().trim().regex(/^\d{4}$/, yearMessage)], { error: yearMessage })
    .optional()
    .transform((value, ctx) => {
      if (!value) return undefined;
      const year = Number(value);
      if (year < CALENDAR_YEAR_MIN || year > CALENDAR_YEAR_MAX) {
        ctx.addIssue({ code: 'custom', message: yearMessage });
        return z.NEVER;
      }
      return year;
    })
    .describe('YYYY; the current year (APP_TZ) when blank or missing'),
});

/** A holiday's day in a request: a real calendar day within the years people may ask for. */
const holidayDay = z
  .string({ error: MSG.fieldRequired(F.holidayDate) })
  .trim()
  .min(1, MSG.fieldRequired(F.holidayDate))
  .superRefine((value, ctx) => {
    if (!isDay(value)) ctx.addIssue({ code: 'custom', message: MSG.dayInvalid(F.holidayDate) });
    else if (Number(value.slice(0, 4)) < CALENDAR_YEAR_MIN || Number(value.slice(0, 4)) > CALENDAR_YEAR_MAX)
      ctx.addIssue({ code: 'custom', message: MSG.yearInvalid(F.holidayDate, CALENDAR_YEAR_MIN, CALENDAR_YEAR_MAX) });
  })
  .meta({ format: 'date' });

const holidayName = requiredLine(F.holidayName, MSG.fieldRequired(F.holidayName), HOLIDAY_NAME_MAX);

/** POST /admin/holidays. */
export const holidayBody = z.object({ day: holidayDay, name: holidayName });
/** PUT /admin/holidays/{day}: the new name. */
export const holidayRenameBody = z.object({ name: holidayName });

/** `{day}` of a holiday's path: a text that is not a real day names no holiday (404). */
export const holidayParams = z.object({ day: z.string().refine(isDay, MSG.holidayNotFound).meta({ format: 'date' }) });

export const holidayResponse = z.object({ day: z.string().describe('YYYY-MM-DD'), name: z.string() });
export type Holiday = z.infer<typeof holidayResponse>;
