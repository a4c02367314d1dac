import { useTranslation } from 'react-i18next';
import classes from './page-loader.module.css';

/**
 * A quiet centred spinner for the moments a page or a check is on its way. Plain elements
 * that look as Mantine's Loader (dots) in a Center and Stack: this is part of the first
 * download, which carries no Mantine component. `data-page-loader` marks it for the
 * journeys that wait until a page has loaded (e2e/a11y.e2e.ts).
 */
export function PageLoader({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={classes.screen}>
      <div className={classes.stack}>
        <span className={classes.dots} aria-label={label ?? t('layout.loading')} data-page-loader>
          <span className={classes.dot} />
          <span className={classes.dot} />
          <span className={classes.dot} />
        </span>
        {label ? <p className={classes.label}>{label}</p> : null}
      </div>
    </div>
  );
}
