import { useSearchParams } from 'react-router';

/**
 * Filters, search and page kept in the address (?q=&page=…), so a reload, a link from
 * the dashboard or the way back from an edit page shows the same rows. `update` sets the
 * given keys and removes those set to null or ''; it replaces the history entry rather
 * than adding one per keystroke.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  /** ?page=, a whole number from 1 (anything else is page 1) */
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return { params, update, page };
}
