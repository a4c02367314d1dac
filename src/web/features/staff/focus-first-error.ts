/**
 * Long forms on a phone: the field with the first error may be far above the submit
 * button, so it is focused (and scrolled to) rather than left for the person to find.
 */
export function focusFirstError(idOf: (field: string) => string, errors: Record<string, string>, order: readonly string[]): void {
  const first = order.find((field) => errors[field]);
  if (!first) return;
  // after React has rendered the error texts
  requestAnimationFrame(() => {
    const element = document.getElementById(idOf(first));
    element?.focus();
    element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  });
}
