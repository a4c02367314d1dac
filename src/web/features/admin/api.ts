import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { companyProfileSchema, type CompanyProfile } from '../../../shared/company-profile.js';
import { accountResponse, auditEntry, stateResponse } from '../../../shared/schemas/admin.js';
import { msgResponse } from '../../../shared/schemas/auth.js';
import { dutyResponse } from '../../../shared/schemas/duties.js';
import { api, apiRequest } from '../../api/client.js';
import { useAuth } from '../../auth/auth-context.js';

/**
 * The admin calls (issue 8): overview, accounts, states, company profile, staffing
 * norms, contract periods, the audit trail and one duty. Every key starts with 'admin'
 * except the two reads others share (states, company profile, contract periods), so a
 * change refreshes whichever screen shows them.
 */

const overviewResponse = z.object({
  accounts: z.number(),
  admins: z.number(),
  managers: z.number(),
  supervisors: z.number(),
  disabled: z.number(),
  staff: z.number(),
  states: z.number(),
});
export type AdminOverview = z.infer<typeof overviewResponse>;
const accountList = z.object({ accounts: z.array(accountResponse), total: z.number() });
const okAnswer = z.object({ success: z.literal(true), msg: z.string() });
const stateList = z.object({ state: z.array(stateResponse) });
const normList = z.object({ norms: z.array(z.object({ work: z.string(), perCoach: z.number() })) });
const periodList = z.object({ periods: z.array(z.object({ work: z.string(), period: z.string().nullable() })) });
const auditPage = z.object({ entries: z.array(auditEntry), nextCursor: z.number().nullable() });
export type AuditEntry = z.infer<typeof auditEntry>;

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  accounts: (filters: AccountFilters) => ['admin', 'accounts', filters] as const,
  accountsAll: ['admin', 'accounts'] as const,
  /** shared with every screen that lists states */
  states: ['states'] as const,
  /** shared with the public site, which reads the same GET /company-profile */
  companyProfile: ['company-profile'] as const,
  norms: ['admin', 'staffing-norms'] as const,
  /** shared with the Bill Details page's Contract Period card */
  contractPeriods: ['contract-periods'] as const,
  audit: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
  auditAll: ['admin', 'audit'] as const,
  duty: (id: string) => ['admin', 'duty', id] as const,
};

function queryString(params: Record<string, string | number | null | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null && value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `?${text}` : '';
}

export function useAdminOverview() {
  const { token } = useAuth();
  return useQuery({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => api.get('/admin/overview', { token, schema: overviewResponse, signal }),
    enabled: Boolean(token),
  });
}

// ---- accounts ----

export interface AccountFilters {
  q: string;
  role: string;
  work: string;
  disabled: string;
  limit: number;
  offset: number;
}

export function useAccounts(filters: AccountFilters) {
  const { token } = useAuth();
  return useQuery({
    queryKey: adminKeys.accounts(filters),
    queryFn: ({ signal }) => api.get(`/admin/accounts${queryString({ ...filters })}`, { token, schema: accountList, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** Everyone who may appear as an actor in the audit trail (the person filter). */
export function useAllAccounts() {
  const { token } = useAuth();
  return useQuery({
    queryKey: adminKeys.accounts({ q: '', role: '', work: '', disabled: '', limit: 500, offset: 0 }),
    queryFn: ({ signal }) => api.get('/admin/accounts?limit=500', { token, schema: accountList, signal }),
    enabled: Boolean(token),
    staleTime: 60_000,
  });
}

export interface NewAccount {
  name: string;
  email: string;
  phone: string;
  password: string;
  role: number;
  work: string | null;
}

/** 201 created, 200 the e-mail is already registered (SPEC §8): the caller needs the status. */
export function useCreateAccount() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewAccount) => apiRequest('POST', '/admin/accounts', { token, body, schema: msgResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useUpdateAccount() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: { role?: number; work?: string | null; disabled?: boolean } }) =>
      api.put(`/admin/accounts/${encodeURIComponent(id)}`, change, { token, schema: okAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSendReset() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/admin/accounts/${encodeURIComponent(id)}/send-reset`, undefined, { token, schema: okAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
  });
}

export function useEndSessions() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post(`/admin/accounts/${encodeURIComponent(id)}/end-sessions`, undefined, { token, schema: okAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.auditAll }),
  });
}

// ---- states ----

export function useStates() {
  const { token } = useAuth();
  return useQuery({
    queryKey: adminKeys.states,
    queryFn: ({ signal }) => api.get('/states/get-states', { token, schema: stateList, signal }).then((answer) => answer.state),
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
      id === null
        ? api.post('/admin/states', { name }, { token, schema: stateResponse })
        : api.put(`/admin/states/${encodeURIComponent(id)}`, { name }, { token, schema: stateResponse }),
    adminKeys.states,
  );
}

export function useDeleteState() {
  const { token } = useAuth();
  return useReferenceChange((id: string) => api.delete(`/admin/states/${encodeURIComponent(id)}`, { token, schema: okAnswer }), adminKeys.states);
}

// ---- company profile ----

export function useCompanyProfile() {
  return useQuery({
    queryKey: adminKeys.companyProfile,
    queryFn: ({ signal }) => api.get('/company-profile', { schema: companyProfileSchema, signal }),
  });
}

export function useSaveCompanyProfile() {
  const { token } = useAuth();
  return useReferenceChange(
    (profile: CompanyProfile) => api.put('/admin/company-profile', profile, { token, schema: companyProfileSchema }),
    adminKeys.companyProfile,
  );
}

// ---- staffing norms and contract periods ----

export function useStaffingNorms() {
  const { token } = useAuth();
  return useQuery({
    queryKey: adminKeys.norms,
    queryFn: ({ signal }) => api.get('/admin/staffing-norms', { token, schema: normList, signal }).then((answer) => answer.norms),
    enabled: Boolean(token),
  });
}

export function useSaveStaffingNorm() {
  const { token } = useAuth();
  return useReferenceChange(
    ({ work, perCoach }: { work: string; perCoach: number }) =>
      api.put(`/admin/staffing-norms/${encodeURIComponent(work)}`, { perCoach }, { token, schema: okAnswer }),
    adminKeys.norms,
  );
}

export function useContractPeriods() {
  const { token } = useAuth();
  return useQuery({
    queryKey: adminKeys.contractPeriods,
    queryFn: ({ signal }) => api.get('/contract-periods', { token, schema: periodList, signal }).then((answer) => answer.periods),
    enabled: Boolean(token),
  });
}

export function useSaveContractPeriod() {
  const { token } = useAuth();
  return useReferenceChange(
    ({ work, period }: { work: string; period: string }) =>
      api.put(`/admin/contract-periods/${encodeURIComponent(work)}`, { period }, { token, schema: okAnswer }),
    adminKeys.contractPeriods,
  );
}

// ---- audit trail ----

export interface AuditFilters {
  actor: string;
  entity: string;
  entityId: string;
  from: string;
  to: string;
}

export const AUDIT_PAGE_SIZE = 50;

/** Newest first, one page at a time; "Load more" follows nextCursor (keyset paging in SQL). */
export function useAudit(filters: AuditFilters, enabled = true) {
  const { token } = useAuth();
  return useInfiniteQuery({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get(`/admin/audit${queryString({ ...filters, limit: AUDIT_PAGE_SIZE, cursor: pageParam })}`, { token, schema: auditPage, signal }),
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
    queryFn: ({ signal }) => api.get(`/mcctrain/getone-mcctrain/${encodeURIComponent(id)}`, { token, schema: dutyResponse, signal }),
    enabled: Boolean(token && id),
    retry: false,
  });
}
