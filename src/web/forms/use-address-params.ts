import { useContext, useRef } from 'react';
import { UNSAFE_DataRouterContext as DataRouterContext, useLocation, useSearchParams } from 'react-router';

/**
 * Filters, search and page kept in the address (?q=&page=…), so a reload, a link from
 * the dashboard or the way back from an edit page shows the same rows. `update` sets the
 * given keys and removes those set to null or ''; it replaces the history entry rather
 * than adding one per keystroke.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  // The router renders a navigation as a transition, so a second change that follows
  // the first quickly (a tab tapped, then a name typed) can run before that render: it
  // builds on the last address asked for, not on the one last rendered, or it would
  // undo the first change.
  const latest = useRef(params);
  const rendered = useRef(params);
  if (rendered.current !== params) {
    rendered.current = params;
    latest.current = params;
  }
  const { pathname } = useLocation();
  const dataRouter = useContext(DataRouterContext);
  const update = (changes: Record<string, string | null>) => {
    // A link tapped while its page's code loads leaves this page on screen meanwhile: a
    // write that comes late (a search settling after its pause) would start a navigation
    // of its own, back here, and cancel the one the user asked for. The router's state is
    // read directly because the hook's (useNavigation) is rendered as a transition, after
    // the timer that writes.
    const pending = dataRouter?.router.state.navigation;
    if (pending && pending.state !== 'idle' && pending.location.pathname !== pathname) return;
    const next = new URLSearchParams(latest.current);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    latest.current = next;
    setParams(next, { replace: true });
  };
  /** ?page=, a whole number from 1 (anything else is page 1) */
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  /** The address as last asked for, which a quick second change builds on (a sort pressed twice). */
  const current = () => latest.current;
  return { params, update, page, current };
}
