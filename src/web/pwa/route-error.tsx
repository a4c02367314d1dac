import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { errorText } from '../api/error-text.js';
import { i18next } from '../i18n/i18n.js';
import { siteText } from '../i18n/messages.js';
import { backTarget, describeRouteError } from './route-error-model.js';
import classes from './route-error.module.css';

/**
 * The active language, re-rendering on a change. Here instead of react-i18next's
 * useTranslation, which no other part of the first download uses: this screen is part of
 * the first download (it must show without the network), and / stays within its budget.
 */
function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}
const language = () => i18next.language;

/** navigator.onLine, re-rendering when it changes (what the screen says depends on it). */
function subscribeOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}
const online = () => navigator.onLine;
const alwaysOnline = () => true;

/**
 * A route's error screen, shown where the page would be: inside the site's layout for a
 * public page, inside the side menu's layout for a signed-in area (the routes put it
 * there), so the person keeps their menu. It says what happened in words a user
 * understands and offers Try again and Go back — never the router's developer screen.
 */
export function RouteError() {
  useSyncExternalStore(subscribe, language, language);
  const isOnline = useSyncExternalStore(subscribeOnline, online, alwaysOnline);
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const view = describeRouteError(error, isOnline);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    // for whoever looks into a report; the person sees the screen
    console.error('route error', error);
  }, [error]);
  // focus the heading: a screen reader says what happened, the keyboard starts here
  useEffect(() => heading.current?.focus(), []);

  const tryAgain = () => {
    if (view.retry === 'reload') window.location.reload();
    // the same address again: the router runs the route afresh and draws the page anew
    else void navigate({ pathname: location.pathname, search: location.search, hash: location.hash }, { replace: true, state: location.state });
  };
  const goBack = () => {
    const target = backTarget(location.pathname, window.history.state);
    void (target === -1 ? navigate(-1) : navigate(target, { replace: true }));
  };

  return (
    <div className={classes.screen}>
      <div className={classes.stack} role="alert">
        <h1 ref={heading} tabIndex={-1} className={`${classes.title} ${classes.heading}`}>
          {i18next.t(view.title)}
        </h1>
        <p className={classes.text}>
          {'error' in view.detail ? errorText(view.detail.error) : 'code' in view.detail ? siteText(view.detail.code) : i18next.t(view.detail.key)}
        </p>
        <div className={classes.actions}>
          <button type="button" className={classes.primary} onClick={tryAgain}>
            {i18next.t('common.tryAgain')}
          </button>
          <button type="button" className={classes.secondary} onClick={goBack}>
            {siteText('goBack')}
          </button>
        </div>
      </div>
    </div>
  );
}
