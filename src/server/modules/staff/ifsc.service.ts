import { eq } from 'drizzle-orm';
import { IFSC_PATTERN } from '../../../shared/staff.js';
import type { Database } from '../../db/connect.js';
import { ifscBranches } from '../../db/schema.js';
import { decodeBranches, readIfscDataFile } from './ifsc-data.js';

/**
 * IFSC lookup (DESIGN.md): codes are validated offline against the published list of
 * branches (the `ifsc` package's data, shipped as ifsc-data.json: decision 0013), the bank
 * name comes from the same data, and branch details from the local table (npm run
 * ifsc:import) or an upstream service whose answers are cached. An unreachable upstream
 * never rejects a valid code.
 */

interface IfscData {
  branches: Map<string, Set<string>>;
  bankNames: Record<string, string>;
  sublets: Record<string, string>;
  customSublets: [string, string][];
}

let data: IfscData | undefined;

// Loaded on first use: about half a megabyte that only staff forms need.
function loadData(): IfscData {
  if (!data) {
    const file = readIfscDataFile();
    const branches = new Map<string, Set<string>>();
    for (const [bank, encoded] of Object.entries(file.branches)) branches.set(bank, decodeBranches(encoded));
    data = {
      branches,
      bankNames: file.bankNames,
      sublets: file.sublets,
      customSublets: Object.entries(file.customSublets),
    };
  }
  return data;
}

/** Upper-cases and checks a code against the published list of branches. */
export function isValidIfsc(code: string): boolean {
  const upper = code.toUpperCase();
  if (!IFSC_PATTERN.test(upper)) return false;
  return loadData().branches.get(upper.slice(0, 4))?.has(upper.slice(5)) ?? false;
}

/** The bank's name for a valid code; sub-member banks are named for themselves. */
export function bankNameOf(code: string): string {
  const { bankNames, sublets, customSublets } = loadData();
  const upper = code.toUpperCase();
  const subletBank = sublets[upper] ?? customSublets.find(([prefix]) => upper.startsWith(prefix))?.[1];
  const bankCode = subletBank ?? upper.slice(0, 4);
  return bankNames[bankCode] ?? bankNames[upper.slice(0, 4)] ?? bankCode;
}

export interface IfscOptions {
  /** Base URL of an IFSC service answering GET {url}/{code} with {BANK, BRANCH, …}. */
  upstreamUrl: string | undefined;
  timeoutMs: number;
}

export interface IfscDetails {
  BANK: string;
  BRANCH: string;
}

/**
 * Bank and branch of a code, or null when the code is not a valid IFSC. Branch is '' when
 * neither the local table nor the upstream knows it.
 */
export async function lookupIfsc(db: Database, code: string, options: IfscOptions): Promise<IfscDetails | null> {
  const upper = code.trim().toUpperCase();
  if (!isValidIfsc(upper)) return null;
  const [known] = await db.select().from(ifscBranches).where(eq(ifscBranches.ifsc, upper)).limit(1);
  if (known) return { BANK: known.bank, BRANCH: known.branch };

  const bank = bankNameOf(upper);
  if (!options.upstreamUrl) return { BANK: bank, BRANCH: '' };
  try {
    const response = await fetch(`${options.upstreamUrl.replace(/\/+$/, '')}/${encodeURIComponent(upper)}`, {
      signal: AbortSignal.timeout(options.timeoutMs),
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return { BANK: bank, BRANCH: '' };
    const body = (await response.json()) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
    const details = { bank: text(body.BANK) || bank, branch: text(body.BRANCH) };
    if (details.branch) {
      await db
        .insert(ifscBranches)
        .values({
          ifsc: upper,
          bank: details.bank,
          branch: details.branch,
          address: text(body.ADDRESS) || null,
          city: text(body.CITY) || null,
          state: text(body.STATE) || null,
          source: 'upstream',
        })
        .onConflictDoNothing();
    }
    return { BANK: details.bank, BRANCH: details.branch };
  } catch {
    // unreachable, slow or not JSON: the offline answer stands
    return { BANK: bank, BRANCH: '' };
  }
}
