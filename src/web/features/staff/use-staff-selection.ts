import { useState } from 'react';

/**
 * The staff list's selection for a bulk change (issue 28): workers ticked one by one or a
 * page at a time (their ids and names), or every record matching the list's filter, which
 * the server finds itself (the page holds only 50 of them). A new filter starts afresh:
 * the ticks named rows of another view.
 */
export interface StaffSelection {
  /** ticked workers, id → name */
  picked: ReadonlyMap<string, string>;
  /** every record matching `filter` is selected */
  allMatching: boolean;
  filter: StaffSelectionFilter;
  toggle(worker: { _id: string; name: string }, on: boolean): void;
  setPage(workers: readonly { _id: string; name: string }[], on: boolean): void;
  selectAllMatching(): void;
  clear(): void;
}

/** The list's filters a selection of "all that match" sends (the server resolves them). */
interface StaffSelectionFilter {
  work?: string | undefined;
  q?: string | undefined;
  status?: string | undefined;
  designation?: string | undefined;
  skill?: string | undefined;
}

export function useStaffSelection(filter: StaffSelectionFilter): StaffSelection {
  const key = JSON.stringify([filter.work ?? '', filter.q ?? '', filter.status ?? '', filter.designation ?? '', filter.skill ?? '']);
  const [state, setState] = useState({ key, picked: new Map<string, string>() as ReadonlyMap<string, string>, allMatching: false });
  // the filter changed: the old ticks named rows of another view
  const current = state.key === key ? state : { key, picked: new Map<string, string>(), allMatching: false };
  if (current !== state) setState(current);

  return {
    picked: current.picked,
    allMatching: current.allMatching,
    filter,
    toggle(worker, on) {
      const picked = new Map(current.picked);
      if (on) picked.set(worker._id, worker.name);
      else picked.delete(worker._id);
      setState({ key, picked, allMatching: false });
    },
    setPage(workers, on) {
      const picked = new Map(current.picked);
      for (const worker of workers) {
        if (on) picked.set(worker._id, worker.name);
        else picked.delete(worker._id);
      }
      setState({ key, picked, allMatching: false });
    },
    selectAllMatching() {
      setState({ key, picked: current.picked, allMatching: true });
    },
    clear() {
      setState({ key, picked: new Map(), allMatching: false });
    },
  };
}
