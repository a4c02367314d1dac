/**
 * A badge sized to its words instead of Mantine's fixed height and cut-off label (issue 28:
 * the admin's Enabled/Disabled in Malayalam was clipped at 1366 px): the label may wrap at
 * spaces, a long single word widens the badge, and the badge grows taller when it wraps.
 * Pass as a Badge's `styles`.
 */
export const sizedBadgeStyles = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', overflow: 'visible', maxWidth: 'none', flexShrink: 0 },
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.4 },
} as const;
