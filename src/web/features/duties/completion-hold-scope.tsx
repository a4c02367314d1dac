import { createContext, useContext, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { CompletionHold } from './completion-hold.js';

interface Scope {
  hold: CompletionHold;
  /** Puts the focus on the board itself (its chosen work-type tab): where it goes when a focused Undo button leaves with its duty. */
  focusBoard: () => void;
}

const HoldContext = createContext<Scope | null>(null);

/**
 * The page whose Mark as Completed can be undone (decision 0021). Completions tapped here
 * are held for the undo window; leaving the page, or the phone putting the app in the
 * background, sends them at once, so a completion is never left behind unsent.
 */
export function CompletionHoldScope({ children }: { children: ReactNode }) {
  const [hold] = useState(() => new CompletionHold());
  const box = useRef<HTMLDivElement>(null);
  const [scope] = useState<Scope>(() => ({
    hold,
    focusBoard: () => {
      const target = box.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]') ?? box.current?.querySelector<HTMLElement>('[role="tab"]');
      target?.focus();
    },
  }));
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
  return (
    <HoldContext.Provider value={scope}>
      <div ref={box} style={{ display: 'contents' }}>
        {children}
      </div>
    </HoldContext.Provider>
  );
}

const noHold = () => () => {};

/**
 * The page's hold (null outside a CompletionHoldScope: completions are sent at once), whether
 * this duty's is held, and how to put the focus on the board.
 */
export function useCompletionHold(dutyId: string): { hold: CompletionHold | null; held: boolean; focusBoard: () => void } {
  const scope = useContext(HoldContext);
  const hold = scope?.hold ?? null;
  const held = useSyncExternalStore(hold?.subscribe ?? noHold, () => hold?.getHeld().has(dutyId) ?? false);
  return { hold, held, focusBoard: scope?.focusBoard ?? (() => {}) };
}
