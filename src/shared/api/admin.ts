import { z } from 'zod';
import { companyProfileResponse, companyProfileSchema } from '../company-profile.js';
import { MSG } from '../messages.js';
import {
  accountResponse,
  accountsExportQuery,
  accountsQuery,
  adminOverviewResponse,
  auditEntry,
  auditExportQuery,
  auditQuery,
  contractPeriodResponse,
  createAccountBody,
  responseCacheSizeResponse,
  stateBody,
  stateResponse,
  staffingNormBody,
  staffingNormResponse,
  updateAccountBody,
} from '../schemas/admin.js';
import { msgResponse } from '../schemas/auth.js';
import { workParams } from '../schemas/work-param.js';
import { API } from './addresses.js';
import { defineRoute } from './contract.js';
import { XLSX_TYPE } from './reports.js';
import { errorResponses, GUARDED, idParams, successMsg } from './envelopes.js';

/**
 * The admin area (issue 8): accounts, reference data and the audit trail, for admins
 * only; and the reference reads others need (SPEC §7 /states/get-states, the public
 * company profile, the contract periods).
 */

const tags = ['admin'] as const;
const referenceTags = ['reference'] as const;
const accountId = idParams(MSG.accountNotFound);
const stateId = idParams(MSG.stateNotFound);

// ---- reference reads ----

export const getStates = defineRoute({
  ...API.getStates,
  tags: referenceTags,
  summary: 'States and union territories (any signed-in account)',
  responses: { 200: z.object({ state: z.array(stateResponse) }), ...errorResponses(401) },
});

/**
 * The public company profile. The public site reads it with a plain fetch (zod stays off
 * its download; src/web/company-profile.ts), so this path is also written there, and a
 * unit test keeps the two equal.
 */
export const publicCompanyProfile = defineRoute({
  ...API.publicCompanyProfile,
  tags: referenceTags,
  summary: "The company details the public site shows, and the company's time zone (APP_TZ)",
  description: 'Public: no session needed.',
  responses: {
    200: companyProfileResponse.extend({ timeZone: z.string().describe('IANA time zone the company tells its days in, e.g. Asia/Kolkata') }),
    ...errorResponses(),
  },
});

export const contractPeriods = defineRoute({
  ...API.contractPeriods,
  tags: referenceTags,
  summary: 'Contract period of each work type (managers and admins)',
  responses: { 200: z.object({ periods: z.array(contractPeriodResponse) }), ...errorResponses(401, 403) },
});

// ---- admin only ----

const saved = (what: string) => successMsg.describe(what);

export const adminOverview = defineRoute({
  ...API.adminOverview,
  tags,
  summary: 'Counts for the admin dashboard',
  responses: { 200: adminOverviewResponse, ...errorResponses(401, 403) },
});

export const responseCacheSize = defineRoute({
  ...API.responseCacheSize,
  tags,
  summary: 'The size of the kept answers of the busiest lists on the instance that answers',
  description: 'Each instance keeps its own (RESPONSE_CACHE_MB); behind a load balancer this is the one the request reached.',
  responses: { 200: responseCacheSizeResponse, ...errorResponses(401, 403) },
});

export const listAccounts = defineRoute({
  ...API.listAccounts,
  tags,
  summary: 'Accounts (filters q, role, work, disabled; sort; paged by limit and offset)',
  query: accountsQuery,
  responses: { 200: z.object({ accounts: z.array(accountResponse), total: z.int().describe('accounts matching the filters, on every page') }), ...errorResponses(...GUARDED) },
});

export const createAccount = defineRoute({
  ...API.createAccount,
  tags,
  summary: 'Create an account',
  description: `201 {success: true, msg: '${MSG.registered}'}; 200 {success: false, msg: '${MSG.alreadyRegistered}'} when the e-mail is taken (any letter case).`,
  body: createAccountBody,
  responses: { 201: msgResponse.describe('Created'), 200: msgResponse.describe('The e-mail is already registered'), ...errorResponses(...GUARDED) },
});

export const updateAccount = defineRoute({
  ...API.updateAccount,
  tags,
  summary: 'Change role, work type or disabled (only the fields sent)',
  description: 'Disabling an account, or changing its role, ends its sessions. The last admin who can sign in cannot be disabled or demoted (409).',
  params: accountId,
  body: updateAccountBody,
  responses: { 200: saved(MSG.accountUpdated), ...errorResponses(...GUARDED, 404, 409) },
});

export const sendReset = defineRoute({
  ...API.sendReset,
  tags,
  summary: 'E-mail the account a password reset code',
  params: accountId,
  responses: { 200: saved(MSG.resetCodeSent), ...errorResponses(401, 403, 404) },
});

export const endSessions = defineRoute({
  ...API.endSessions,
  tags,
  summary: 'End every session of an account',
  params: accountId,
  responses: { 200: saved(MSG.sessionsEnded), ...errorResponses(401, 403, 404) },
});

export const addState = defineRoute({
  ...API.addState,
  tags,
  summary: 'Add a state',
  body: stateBody,
  responses: { 201: stateResponse, ...errorResponses(...GUARDED, 409) },
});

export const renameState = defineRoute({
  ...API.renameState,
  tags,
  summary: 'Rename a state',
  params: stateId,
  body: stateBody,
  responses: { 200: stateResponse, ...errorResponses(...GUARDED, 404, 409) },
});

export const removeState = defineRoute({
  ...API.removeState,
  tags,
  summary: 'Remove a state',
  params: stateId,
  responses: { 200: saved(MSG.stateDeleted), ...errorResponses(401, 403, 404) },
});

export const saveCompanyProfile = defineRoute({
  ...API.saveCompanyProfile,
  tags,
  summary: 'Change the company profile',
  body: companyProfileSchema,
  responses: { 200: companyProfileResponse, ...errorResponses(...GUARDED, 413) },
});

export const staffingNorms = defineRoute({
  ...API.adminStaffingNorms,
  tags,
  summary: 'Required staff per coach, by work type',
  responses: { 200: z.object({ norms: z.array(staffingNormResponse) }), ...errorResponses(401, 403) },
});

export const saveStaffingNorm = defineRoute({
  ...API.saveStaffingNorm,
  tags,
  summary: 'Set the staffing norm of a work type (used for new duties)',
  description: 'A {work} that is not one of the six names no norm: 404.',
  params: workParams,
  body: staffingNormBody,
  responses: { 200: saved(MSG.staffingNormSaved), ...errorResponses(...GUARDED, 404) },
});

export const auditTrail = defineRoute({
  ...API.auditTrail,
  tags,
  summary: 'The audit trail, newest first (filters actor, entity, entityId, from, to, q; keyset paging)',
  description: 'nextCursor, when not null, is the `cursor` of the next page.',
  query: auditQuery,
  responses: { 200: z.object({ entries: z.array(auditEntry), nextCursor: z.int().nullable() }), ...errorResponses(...GUARDED) },
});

export const accountsExport = defineRoute({
  ...API.accountsExport,
  tags,
  summary: 'The account list as a spreadsheet (the same filters and sort, every page)',
  description: 'Name, e-mail, phone, role, work type, staff record, status, last sign-in and created: never a password hash, a session or a reset code.',
  query: accountsExportQuery,
  responses: { 200: { file: [XLSX_TYPE], description: 'Accounts_{yyyy-mm-dd}.xlsx' }, ...errorResponses(...GUARDED) },
});

export const auditExport = defineRoute({
  ...API.auditExport,
  tags,
  summary: 'The audit trail as a spreadsheet (the same filters, every page, newest first)',
  description: 'Time (a date-time cell in the company time zone), actor, action, record type, record, and before/after as readable text.',
  query: auditExportQuery,
  responses: { 200: { file: [XLSX_TYPE], description: 'Audit_{yyyy-mm-dd}.xlsx' }, ...errorResponses(...GUARDED) },
});

const referenceContracts = [getStates, publicCompanyProfile, contractPeriods];

export const adminContracts = [
  ...referenceContracts,
  adminOverview,
  responseCacheSize,
  listAccounts,
  createAccount,
  updateAccount,
  sendReset,
  endSessions,
  addState,
  renameState,
  removeState,
  saveCompanyProfile,
  staffingNorms,
  saveStaffingNorm,
  auditTrail,
  accountsExport,
  auditExport,
];
