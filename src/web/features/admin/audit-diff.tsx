import { useState } from 'react';
import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { diffRows, fieldLabel, fieldValue } from './admin-display.js';
import classes from './audit.module.css';

/**
 * An audit entry's before and after side by side, one line per field, named by its label
 * (not the stored field name) with times in the company's zone, statuses and other codes
 * in the reader's language and people by name (`names`: ids to names). Changed fields
 * are highlighted (and say so to screen readers); unchanged ones fold away, since a
 * company profile change records the whole profile.
 */
export function AuditDiff({ before, after, timeZone, names }: { before: unknown; after: unknown; timeZone: string; names?: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  const label = (key: string) => fieldLabel(key, t);
  const value = (key: string, recorded: unknown) => fieldValue(key, recorded, t, timeZone, names);
  const [showAll, setShowAll] = useState(false);
  const rows = diffRows(before, after);
  if (rows.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('admin.diff.noValues')}
      </Text>
    );
  }
  // a record created or removed has one side only: show what was recorded, unmarked
  const oneSide = before === null || before === undefined ? 'after' : after === null || after === undefined ? 'before' : null;
  if (oneSide) {
    return (
      <div className={`${classes.diff} ${classes.oneSide}`} role="table" aria-label={oneSide === 'after' ? t('admin.diff.onCreation') : t('admin.diff.beforeRemoval')}>
        <div role="row" style={{ display: 'contents' }}>
          <div role="columnheader" className={classes.diffHead}>
            {t('admin.diff.field')}
          </div>
          <div role="columnheader" className={classes.diffHead}>
            {oneSide === 'after' ? t('admin.diff.after') : t('admin.diff.before')}
          </div>
        </div>
        {rows.map((row) => (
          <div role="row" key={row.key} style={{ display: 'contents' }}>
            <div role="cell" className={classes.key}>
              {label(row.key)}
            </div>
            <div role="cell" translate="no">
              {value(row.key, row[oneSide])}
            </div>
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
        <div className={classes.diff} role="table" aria-label={t('admin.audit.columns.beforeAfter')}>
          <div role="row" style={{ display: 'contents' }}>
            <div role="columnheader" className={classes.diffHead}>
              {t('admin.diff.field')}
            </div>
            <div role="columnheader" className={classes.diffHead}>
              {t('admin.diff.before')}
            </div>
            <div role="columnheader" className={classes.diffHead}>
              {t('admin.diff.after')}
            </div>
          </div>
          {shown.map((row) => {
            const mark = row.changed ? ` ${classes.changed}` : '';
            return (
              <div role="row" key={row.key} style={{ display: 'contents' }}>
                <div role="cell" className={`${classes.key}${mark}`}>
                  <span>{label(row.key)}</span>
                  {row.changed ? <VisuallyHidden>{t('admin.diff.changed')}</VisuallyHidden> : null}
                </div>
                <div role="cell" className={`${classes.before}${mark}`} translate="no">
                  {value(row.key, row.before)}
                </div>
                <div role="cell" className={`${classes.after}${mark}`} translate="no">
                  {value(row.key, row.after)}
                </div>
              </div>
            );
          })}
        </div>
      ) : (
        <Text size="xs" c="dimmed">
          {t('admin.diff.nothingChanged')}
        </Text>
      )}
      {hidden > 0 ? (
        <Anchor component="button" type="button" size="xs" mt={4} onClick={() => setShowAll((value) => !value)}>
          {showAll ? t('admin.diff.changedOnly') : t('admin.diff.showUnchanged', { count: hidden })}
        </Anchor>
      ) : null}
    </div>
  );
}
