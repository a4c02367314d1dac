import { adminContracts } from './admin.js';
import { authContracts } from './auth.js';
import { billDraftContracts } from './bill-draft.js';
import { billContracts } from './bills.js';
import { chatContracts } from './chat.js';
import type { RouteContract } from './contract.js';
import { dutyContracts } from './duties.js';
import { payrollContracts } from './payroll.js';
import { payrollSettingsContracts } from './payroll-settings.js';
import { reportContracts } from './reports.js';
import { staffContracts } from './staff.js';
import { staffBulkContracts } from './staff-bulk.js';

/**
 * Every endpoint under /api/v1, one contract each. The contract test
 * (test/contract.test.ts) checks that the server registers exactly these and that the
 * API document describes each one's answers.
 */
export const ALL_CONTRACTS: readonly RouteContract[] = [
  ...authContracts,
  ...dutyContracts,
  ...staffContracts,
  ...staffBulkContracts,
  ...billContracts,
  ...reportContracts,
  ...chatContracts,
  ...adminContracts,
  ...payrollContracts,
  ...payrollSettingsContracts,
  ...billDraftContracts,
];

/** Any one contract, by its own type: the web finds an address's contract among these (src/web/api/call.ts). */
export type AnyContract =
  | (typeof authContracts)[number]
  | (typeof dutyContracts)[number]
  | (typeof staffContracts)[number]
  | (typeof staffBulkContracts)[number]
  | (typeof billContracts)[number]
  | (typeof reportContracts)[number]
  | (typeof chatContracts)[number]
  | (typeof adminContracts)[number]
  | (typeof payrollContracts)[number]
  | (typeof payrollSettingsContracts)[number]
  | (typeof billDraftContracts)[number];
