import { i18next } from '../i18n/i18n.js';
import classes from './route-error.module.css';

/**
 * The app's last-resort screen, when something outside every page failed (the router
 * itself, a provider): no router to go back with, so it offers a fresh load of the page.
 */
export function AppErrorScreen() {
  return (
    <div className={classes.screen} data-whole-page>
      <div className={classes.stack} role="alert">
        <h1 className={classes.title}>{i18next.t('pwa.pageBroken')}</h1>
        <p className={classes.text}>{i18next.t('pwa.pageFailedHint')}</p>
        <div className={classes.actions}>
          <button type="button" className={classes.primary} onClick={() => window.location.reload()}>
            {i18next.t('common.tryAgain')}
          </button>
        </div>
      </div>
    </div>
  );
}
