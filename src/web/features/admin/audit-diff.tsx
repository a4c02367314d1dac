import { useState } from 'react';
import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { diffRows, displayValue } from './admin-display.js';
import classes from './audit.module.css';

/**
 * An audit entry's before and after side by side, one line per field. Changed fields
 * are highlighted (and say so to screen readers); unchanged ones fold away, since a
 * company profile change records the whole profile.
 */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const [showAll, setShowAll] = useState(false);
  const rows = diffRows(before, after);
  if (rows.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No values recorded
      </Text>
    );
  }
  // a record created or removed has one side only: show what was recorded, unmarked
  const oneSide = before === null || before === undefined ? 'after' : after === null || after === undefined ? 'before' : null;
  if (oneSide) {
    return (
      <div className={`${classes.diff} ${classes.oneSide}`} role="table" aria-label={oneSide === 'after' ? 'Recorded on creation' : 'Recorded before removal'}>
        <div role="row" style={{ display: 'contents' }}>
          <div role="columnheader" className={classes.diffHead}>
            Field
          </div>
          <div role="columnheader" className={classes.diffHead}>
            {oneSide === 'after' ? 'After' : 'Before'}
          </div>
        </div>
        {rows.map((row) => (
          <div role="row" key={row.key} style={{ display: 'contents' }}>
            <div role="cell" className={classes.key}>
              {row.key}
            </div>
            <div role="cell">{displayValue(row[oneSide])}</div>
          </div>
        ))}
      </div>
    );
  }
  const changed = rows.filter((row) => row.changed);
  const shown = showAll ? rows : changed;
  const hidden = rows.length - changed.length;
  return (
    <div>
      {shown.length > 0 ? (
        <div className={classes.diff} role="table" aria-label="Before and after">
          <div role="row" style={{ display: 'contents' }}>
            <div role="columnheader" className={classes.diffHead}>
              Field
            </div>
            <div role="columnheader" className={classes.diffHead}>
              Before
            </div>
            <div role="columnheader" className={classes.diffHead}>
              After
            </div>
          </div>
          {shown.map((row) => {
            const mark = row.changed ? ` ${classes.changed}` : '';
            return (
              <div role="row" key={row.key} style={{ display: 'contents' }}>
                <div role="cell" className={`${classes.key}${mark}`}>
                  {row.key}
                  {row.changed ? <VisuallyHidden> (changed)</VisuallyHidden> : null}
                </div>
                <div role="cell" className={`${classes.before}${mark}`}>
                  {displayValue(row.before)}
                </div>
                <div role="cell" className={`${classes.after}${mark}`}>
                  {displayValue(row.after)}
                </div>
              </div>
            );
          })}
        </div>
      ) : (
        <Text size="xs" c="dimmed">
          Nothing changed
        </Text>
      )}
      {hidden > 0 ? (
        <Anchor component="button" type="button" size="xs" mt={4} onClick={() => setShowAll((value) => !value)}>
          {showAll ? 'Show changed fields only' : `Show ${hidden} unchanged field${hidden === 1 ? '' : 's'}`}
        </Anchor>
      ) : null}
    </div>
  );
}
