import { API } from '../../../shared/api/addresses.js';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SuccessBody } from '../../../shared/api/contract.js';
import type { createWorker as createWorkerRoute, listWorkers, updateWorker as updateWorkerRoute, uploadWorkers, workersExport, workerStatusCounts } from '../../../shared/api/staff.js';
import type { RegisterBody } from '../../../shared/schemas/auth.js';
import type { Worker } from '../../../shared/schemas/staff.js';
import { call, callApi, download, type CallInput } from '../../api/call.js';
import { ApiError } from '../../api/client.js';
import { useAuth } from '../../auth/auth-context.js';

/** The staff register calls (SPEC §7 /worker rows), through the address table with their contracts' types (src/shared/api/staff.ts). */

export type WorkerListFilters = NonNullable<CallInput<typeof listWorkers>['query']>;
export type WorkerCountFilters = NonNullable<CallInput<typeof workerStatusCounts>['query']>;
export type WorkerExportFilters = NonNullable<CallInput<typeof workersExport>['query']>;
export type NewWorkerBody = CallInput<typeof createWorkerRoute>['body'];
export type WorkerChangeBody = CallInput<typeof updateWorkerRoute>['body'];
export type UploadSuccess = SuccessBody<typeof uploadWorkers>;
/** The refusal of an upload (400): {msg}, and for invalid rows the row-by-row report. */
export type UploadProblems = z.output<(typeof uploadWorkers)['responses'][400]>;

const staffKeys = {
  all: ['staff'] as const,
  list: (filters: WorkerListFilters) => ['staff', 'list', filters] as const,
  // under 'list': every change to the register counts again
  counts: (filters: WorkerCountFilters) => ['staff', 'list', 'counts', filters] as const,
  one: (id: string) => ['staff', 'one', id] as const,
};

export interface WorkerPage {
  workers: Worker[];
  total: number;
}

/** One page of the register, with the number of matching records from x-total-count. */
async function fetchWorkers(filters: WorkerListFilters, token: string | null, signal?: AbortSignal): Promise<WorkerPage> {
  const { data: workers, headers } = await callApi(API.listWorkers, { query: { ...filters, q: filters.q?.trim() || undefined }, token, signal });
  const header = Number(headers.get('x-total-count'));
  return { workers, total: Number.isFinite(header) && header >= 0 ? header : workers.length };
}

export function useWorkers(filters: WorkerListFilters) {
  const { token } = useAuth();
  return useQuery({
    queryKey: staffKeys.list(filters),
    queryFn: ({ signal }) => fetchWorkers(filters, token, signal),
    enabled: Boolean(token),
    // keeps the rows on screen while the next page or search answers
    placeholderData: keepPreviousData,
  });
}

async function fetchWorker(id: string, token: string | null, signal?: AbortSignal): Promise<Worker> {
  const list = await call(API.oneWorker, { params: { id }, token, signal });
  const worker = list[0];
  if (!worker) throw new ApiError(404, '', list);
  return worker;
}

export function useWorker(id: string) {
  const { token } = useAuth();
  return useQuery({
    queryKey: staffKeys.one(id),
    queryFn: ({ signal }) => fetchWorker(id, token, signal),
    enabled: Boolean(token && id),
    retry: false,
  });
}

/** 201 added, 200 already registered (SPEC §8): the caller needs the status. */
export function createWorker(body: NewWorkerBody, token: string | null) {
  return callApi(API.createWorker, { body, token });
}

/** POST /auth/register with the full supervisor payload; 201 registered, 200 already registered. */
export function registerStaffAccount(body: RegisterBody, token: string | null) {
  return callApi(API.register, { body, token });
}

/** Both add forms change the register: the lists must be read again. */
export function useStaffCreated() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: staffKeys.all });
}

export function useUpdateWorker(id: string) {
  const { token } = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WorkerChangeBody) => call(API.updateWorker, { params: { id }, body, token }),
    onSuccess: async (answer) => {
      client.setQueryData(staffKeys.one(id), answer.worker);
      await client.invalidateQueries({ queryKey: ['staff', 'list'] });
    },
  });
}

export function lookupIfsc(code: string, token: string | null, signal?: AbortSignal) {
  return call(API.ifscLookup, { params: { ifsccode: code }, token, signal });
}

/** POST /worker/uploadbulkdata: multipart with one file field. */
function uploadWorkbook(file: File, token: string | null): Promise<UploadSuccess> {
  const body = new FormData();
  body.append('file', file, file.name);
  return call(API.uploadWorkers, { body, token });
}

export function useUploadWorkbook() {
  const { token } = useAuth();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadWorkbook(file, token),
    onSuccess: () => client.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

/** GET /worker/upload-template, saved under the server's file name. */
export function downloadTemplate(token: string | null): Promise<string> {
  return download(API.uploadTemplate, { token });
}

/** The staff list's counts by status for its view (issue 28): the view's filters, its status left out. */
export function useWorkerStatusCounts(filters: WorkerCountFilters) {
  const { token } = useAuth();
  return useQuery({
    queryKey: staffKeys.counts(filters),
    queryFn: ({ signal }) => call(API.workerStatusCounts, { query: filters, token, signal }),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

/** GET /worker/export: the list's view, every page, saved as the server names it (Staff_yyyy-mm-dd.xlsx). */
export function exportWorkers(filters: WorkerExportFilters, token: string | null): Promise<string> {
  return download(API.workersExport, { query: filters, token });
}
