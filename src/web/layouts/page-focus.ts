/**
 * Where keyboard and screen-reader users land (issue 15, WCAG 2.4.1 and 2.4.3): the page's
 * heading (its h1), made focusable for the moment, else the main region itself.
 */
export const MAIN_ID = 'main-content';

function target(): HTMLElement | null {
  const main = document.getElementById(MAIN_ID);
  if (!main) return null;
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return null;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/** Focuses the page's heading now, else main; true when the heading was there. */
export function focusPageHeading(): boolean {
  const heading = target();
  const main = document.getElementById(MAIN_ID);
  (heading ?? main)?.focus({ preventScroll: true });
  return heading !== null;
}

/** A field the page focused by itself (a sign-in form's e-mail): keep it, it is where the person types. */
function pageFocusedAField(): boolean {
  const active = document.activeElement;
  return !!active && active.matches('input, textarea, select') && !!active.closest(`#${MAIN_ID}`);
}

/**
 * After a navigation inside the app: focus the new page's heading as soon as it is drawn
 * (a page whose code or data is still loading draws it a moment later). Returns a cleanup
 * that stops waiting (the next navigation, or the layout leaving).
 */
export function focusHeadingWhenDrawn(): () => void {
  if (pageFocusedAField()) return () => {};
  if (target()) {
    focusPageHeading();
    return () => {};
  }
  const main = document.getElementById(MAIN_ID);
  if (!main) return () => {};
  const observer = new MutationObserver(() => {
    if (!target()) return;
    observer.disconnect();
    if (!pageFocusedAField()) focusPageHeading();
  });
  observer.observe(main, { childList: true, subtree: true });
  return () => observer.disconnect();
}
