import { API } from '../../../shared/api/addresses.js';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createAccount, updateAccount } from '../../../shared/api/admin.js';
import type { CompanyProfile } from '../../../shared/company-profile.js';
import type { accountsQuery, auditEntry, auditQuery } from '../../../shared/schemas/admin.js';
import { call, callApi, download, type CallInput } from '../../api/call.js';
import { useAuth } from '../../auth/auth-context.js';
import { companyProfileKey, readCompanyProfile } from '../../company-profile.js';
import { ACCOUNTS_PAGE_MAX, AUDIT_PAGE_DEFAULT } from '../../../shared/limits.js';

/**
 * The admin calls (issue 8): overview, accounts, states, company profile, staffing
 * norms, contract periods, the audit trail and one duty, through the address table
 * (src/shared/api/addresses.ts; types from src/shared/api/admin.ts). Every key starts with 'admin' except the reads others share
 * (states, company profile, contract periods), so a change refreshes whichever screen
 * shows them.
 */

export type { AdminOverview } from '../../../shared/schemas/admin.js';
export type AuditEntry = z.infer<typeof auditEntry>;

const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  accounts: (filters: AccountFilters) => ['admin', 'accounts', filters] as const,
  accountsAll: ['admin', 'accounts'] as const,
  /** shared with every screen that lists states */
  states: ['states'] as const,
  /** shared with the public site, which reads the same GET /company-profile (company-profile.ts) */
  companyProfile: companyProfileKey,
  norms: ['admin', 'staffing-norms'] as const,
  /** GET /contract-periods (read only since issue 27: the contract terms carry the period) */
  contractPeriods: ['contract-periods'] as const,
  audit: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
  auditAll: ['admin', 'audit'] as const,
  duty: (id: string) => ['admin', 'duty', id] as const,
};

export function useAdminOverview() {
  const { token } = useAuth();
  return useQuery({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => call(API.adminOverview, { token, signal }),
    enabled: Boolean(token),
  });
}

// ---- accounts ----

/** The account list's filters as the page keeps them (its address); '' means "any". */
export type AccountFilters = { [K in 'q' | 'role' | 'work' | 'disabled']: string } & { sort?: string | undefined; limit: number; offset: number };

/** The filters as the contract's query: blanks left out, role and disabled as their choices. */
function accountsQueryOf(filters: AccountFilters): z.input<typeof accountsQuery> {
  return {
    q: filters.q || undefined,
    role: (filters.role || undefined) as z.input<typeof accountsQuery>['role'],
    work: filters.work || undefined,
    disabled: (filters.disabled || undefined) as z.input<typeof accountsQuery>['disabled'],
    sort: filters.sort || undefined,
    limit: filters.limit,
    offset: filters.offset,
  };
}

/** Downloads the account list's view (its filters and sort, every page) as .xlsx (issue 28). */
export function exportAccounts(token: string | null, filters: Omit<AccountFilters, 'limit' | 'offset'>) {
  const { limit: _limit, offset: _offset, ...query } = accountsQueryOf({ ...filters, limit: 1, offset: 0 });
  return download(API.accountsExport, { token, query });
}

export function useAccounts(filters: AccountFilters) {
  const { token } = useAuth();
  return useQuery({
    queryKey: adminKeys.accounts(filters),
    queryFn: ({ signal }) => call(API.listAccounts, { query: accountsQueryOf(filters), token, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** Everyone who may appear as an actor in the audit trail (the person filter). */
export function useAllAccounts() {
  const { token } = useAuth();
  return useQuery({
    queryKey: adminKeys.accounts({ q: '', role: '', work: '', disabled: '', limit: ACCOUNTS_PAGE_MAX, offset: 0 }),
    queryFn: ({ signal }) => call(API.listAccounts, { query: { limit: ACCOUNTS_PAGE_MAX }, token, signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

/** 201 created, 200 the e-mail is already registered (SPEC §8): the caller needs the status. */
export function useCreateAccount() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<typeof createAccount>['body']) => callApi(API.createAccount, { token, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useUpdateAccount() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: CallInput<typeof updateAccount>['body'] }) => call(API.updateAccount, { params: { id }, body: change, token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSendReset() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(API.sendReset, { params: { id }, token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
  });
}

export function useEndSessions() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(API.endSessions, { params: { id }, token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
  });
}

// ---- states ----

export function useStates() {
  const { token } = useAuth();
  return useQuery({
    queryKey: adminKeys.states,
    queryFn: ({ signal }) => call(API.getStates, { token, signal }).then((answer) => answer.state),
    enabled: Boolean(token),
  });
}

function useReferenceChange<T, R>(mutationFn: (variables: T) => Promise<R>, key: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview }),
        queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
      ]),
  });
}

export function useSaveState() {
  const { token } = useAuth();
  return useReferenceChange(
    ({ id, name }: { id: string | null; name: string }) =>
      id === null ? call(API.addState, { body: { name }, token }) : call(API.renameState, { params: { id }, body: { name }, token }),
    adminKeys.states,
  );
}

export function useDeleteState() {
  const { token } = useAuth();
  return useReferenceChange((id: string) => call(API.removeState, { params: { id }, token }), adminKeys.states);
}

// ---- company profile ----

/** The saved profile as the server answers it (the same read as the public pages', which it refreshes). */
export function useCompanyProfile() {
  return useQuery({ queryKey: adminKeys.companyProfile, queryFn: ({ signal }) => readCompanyProfile(signal) });
}

export function useSaveCompanyProfile() {
  const { token } = useAuth();
  return useReferenceChange(
    (profile: CompanyProfile) => call(API.saveCompanyProfile, { body: profile, token }),
    adminKeys.companyProfile,
  );
}

// ---- staffing norms, and the contract periods (the Contract terms page reads them for a work type without terms) ----

export function useStaffingNorms() {
  const { token } = useAuth();
  return useQuery({
    queryKey: adminKeys.norms,
    queryFn: ({ signal }) => call(API.adminStaffingNorms, { token, signal }).then((answer) => answer.norms),
    enabled: Boolean(token),
  });
}

export function useSaveStaffingNorm() {
  const { token } = useAuth();
  return useReferenceChange(
    ({ work, perCoach }: { work: string; perCoach: number }) => call(API.saveStaffingNorm, { params: { work }, body: { perCoach }, token }),
    adminKeys.norms,
  );
}

export function useContractPeriods() {
  const { token } = useAuth();
  return useQuery({
    queryKey: adminKeys.contractPeriods,
    queryFn: ({ signal }) => call(API.contractPeriods, { token, signal }).then((answer) => answer.periods),
    enabled: Boolean(token),
  });
}


// ---- audit trail ----

/** The audit filters as the page keeps them (its address); '' means "any". */
export type AuditFilters = { [K in 'actor' | 'entity' | 'entityId' | 'from' | 'to']: string } & { q?: string };

const AUDIT_PAGE_SIZE = AUDIT_PAGE_DEFAULT;

/** The filters as the contract's query, blanks left out. */
function auditQueryOf(filters: AuditFilters, cursor: number | null): z.input<typeof auditQuery> {
  const blankless = (value: string) => value || undefined;
  return {
    actor: blankless(filters.actor),
    entity: blankless(filters.entity),
    entityId: blankless(filters.entityId),
    from: blankless(filters.from),
    to: blankless(filters.to),
    q: blankless(filters.q ?? ''),
    limit: AUDIT_PAGE_SIZE,
    cursor: cursor ?? undefined,
  };
}

/** Downloads the audit trail's view (its filters, every page, newest first) as .xlsx (issue 28). */
export function exportAudit(token: string | null, filters: AuditFilters) {
  const { limit: _limit, cursor: _cursor, ...query } = auditQueryOf(filters, null);
  return download(API.auditExport, { token, query });
}

/** Newest first, one page at a time; "Load more" follows nextCursor (keyset paging in SQL). */
export function useAudit(filters: AuditFilters, enabled = true) {
  const { token } = useAuth();
  return useInfiniteQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ pageParam, signal }) => call(API.auditTrail, { query: auditQueryOf(filters, pageParam), token, signal }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Boolean(token) && enabled,
  });
}

// ---- one duty ----

export function useAdminDuty(id: string) {
  const { token } = useAuth();
  return useQuery({
    queryKey: adminKeys.duty(id),
    queryFn: ({ signal }) => call(API.oneDuty, { params: { id }, token, signal }),
    enabled: Boolean(token && id),
    retry: false,
  });
}
