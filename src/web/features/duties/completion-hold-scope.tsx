import { createContext, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { CompletionHold } from './completion-hold.js';

const HoldContext = createContext<CompletionHold | null>(null);

/**
 * The page whose Mark as Completed can be undone (decision 0021). Completions tapped here
 * are held for the undo window; leaving the page, or the phone putting the app in the
 * background, sends them at once, so a completion is never left behind unsent.
 */
export function CompletionHoldScope({ children }: { children: ReactNode }) {
  const [hold] = useState(() => new CompletionHold());
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') hold.release();
    };
    const leaving = () => hold.release();
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leaving);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leaving);
      // the page is left: what is held goes now
      hold.release();
    };
  }, [hold]);
  return <HoldContext.Provider value={hold}>{children}</HoldContext.Provider>;
}

const noHold = () => () => {};

/** The page's hold (null outside a CompletionHoldScope: completions are sent at once) and whether this duty's is held. */
export function useCompletionHold(dutyId: string): { hold: CompletionHold | null; held: boolean } {
  const hold = useContext(HoldContext);
  const held = useSyncExternalStore(hold?.subscribe ?? noHold, () => hold?.getHeld().has(dutyId) ?? false);
  return { hold, held };
}
