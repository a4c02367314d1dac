import { useCallback, useState, useSyncExternalStore, type FocusEvent } from 'react';

/** SPEC §2 and §9: the moving parts of the home page. */
export const BANNER_INTERVAL_MS = 3000;
/** The slide transition, handed to the CSS as --slide-duration. */
export const BANNER_SLIDE_MS = 800;
export const TESTIMONIAL_STEP_PX = 320;
export const TESTIMONIAL_INTERVAL_MS = 3000;
export const COUNTER_DURATION_MS = 2000;

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True when the visitor asked the system for less motion: then nothing moves by itself. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => true,
  );
}

export interface PauseHandlers {
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
}

/**
 * Pauses an automatic movement while the pointer is over it or keyboard focus is inside
 * it (WCAG 2.2.2), so nobody has to read or press something that slides away.
 */
export function useHoverFocusPause(): { paused: boolean; handlers: PauseHandlers } {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const onMouseEnter = useCallback(() => setHovered(true), []);
  const onMouseLeave = useCallback(() => setHovered(false), []);
  // Keyboard focus only: a mouse click on Next focuses the button without :focus-visible,
  // and should not stop the rotation for as long as the button keeps focus.
  const onFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    if (event.target.matches(':focus-visible')) setFocused(true);
  }, []);
  const onBlur = useCallback((event: FocusEvent<HTMLElement>) => {
    // Focus moving between two controls inside keeps the pause.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }, []);
  return { paused: hovered || focused, handlers: { onMouseEnter, onMouseLeave, onFocus, onBlur } };
}
