import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { homePathForRole, ROLE } from '../../../shared/roles.js';
import { sessionEndSettled } from '../../auth/active-session.js';
import { useAuth } from '../../auth/auth-context.js';
import { keptChangesCount, subscribeKeptChanges } from '../../auth/kept-changes.js';
import { returnPathFitsRole, safeReturnPath } from '../../auth/return-path.js';
import { useCompanyProfile } from '../../company-profile.js';
import { LanguageSwitch } from '../../i18n/language-switch.js';
import { siteText, useSiteMessages, type SiteMessageCode } from '../../i18n/messages.js';
import type { LoginRedirectState } from '../../layouts/access-guard-screen.js';
import { AuthCard } from './auth-card.js';
import { usePageMeta } from './page-meta.js';
import classes from './login-page.module.css';

/**
 * What signing in needs besides the form: the shared schema (zod), the API client and
 * the toaster. Loaded when the person starts to fill the form (or at the latest on
 * submit), so opening /login on a phone costs only the form itself.
 */
const loadSignIn = () =>
  Promise.all([
    import('../../../shared/schemas/auth.js'),
    import('../../api/auth.js'),
    import('../../api/error-text.js'),
    import('../../forms/field-errors.js'),
    // the toasts' store through the toaster's module, which the first tap loads anyway
    import('../../layouts/toaster.js'),
  ]).then(([schemas, auth, errors, forms, toaster]) => ({
    loginBody: schemas.loginBody,
    login: auth.login,
    errorText: errors.errorText,
    noAnswer: errors.noAnswer,
    fieldErrors: forms.fieldErrors,
    notifications: toaster.notifications,
  }));

/** Where the role of the last account signed in on this device is kept (no personal data). */
const LAST_ROLE_KEY = 'dutyroll.lastRole';

/** The role (ROLE's number) last signed in on this device, or null. */
function readLastRole(): number | null {
  try {
    const stored = window.localStorage.getItem(LAST_ROLE_KEY);
    return stored === null ? null : Number(stored);
  } catch {
    return null; // storage disabled
  }
}

function rememberRole(role: unknown): void {
  try {
    if (typeof role === 'number') window.localStorage.setItem(LAST_ROLE_KEY, String(role));
  } catch {
    // storage disabled: the next sign-in prefetches the supervisor's home
  }
}

/**
 * The first screen after signing in of a role (its area and home page): the manager's
 * dashboard, the admin's, else the supervisor's live list. A failure is left to the
 * route, which loads it again (and says so) when it is opened.
 */
function prefetchHomeOf(role: unknown): void {
  const loads =
    role === ROLE.manager
      ? [import('../../features/manager/manager-area.js'), import('../../features/manager/manager-dashboard-page.js')]
      : role === ROLE.admin
        ? [import('../../features/admin/admin-area.js'), import('../../features/admin/admin-dashboard-page.js')]
        : [import('../../features/supervisor/user-area.js'), import('../../features/duties/live-duty-page.js')];
  void Promise.all(loads).catch(() => {});
}

/**
 * The first screen after signing in, fetched while the sign-in page sits idle, so on a
 * slow phone the tap on Sign in waits for the server only (issue 15): the home of the
 * role last signed in on this device, else the supervisor's (most people who sign in on
 * a phone are supervisors). Not on a connection that asks to save data.
 */
function prefetchLikelyHome(): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return () => {};
  const load = () => prefetchHomeOf(readLastRole());
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(load, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(load, 1000);
  return () => window.clearTimeout(timer);
}

/** SPEC §2 /login: e-mail and password; opening it while signed in signs out first. */
export default function LoginPage() {
  const companyProfile = useCompanyProfile();
  const { token, signIn, clear } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = safeReturnPath((location.state as LoginRedirectState | null)?.from);
  const { t } = useTranslation();
  const m = useSiteMessages();

  usePageMeta(`${m('login')} · ${companyProfile.shortName}`, t('auth.loginDescription', { company: companyProfile.shortName }));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  /** A problem of the whole form (the sign-in code could not load), by its code: shown in the language of the moment. */
  const [formProblem, setFormProblem] = useState<SiteMessageCode | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const signInCode = useRef<ReturnType<typeof loadSignIn> | null>(null);
  const prepare = () => (signInCode.current ??= loadSignIn());
  const prefetch = () => {
    prepare().catch(() => {
      signInCode.current = null; // offline for now: submit tries again and says so
    });
  };

  useEffect(() => prefetchLikelyHome(), []);

  // Only the session present when the page opened is ended, once (StrictMode runs effects twice).
  const openingToken = useRef(token);
  useEffect(() => {
    const stale = openingToken.current;
    if (!stale) return;
    openingToken.current = null;
    clear();
    void import('../../api/auth.js').then(({ logout }) => logout(stale));
  }, [clear]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setFormProblem(null);
    let code: Awaited<ReturnType<typeof loadSignIn>>;
    try {
      code = await prepare();
    } catch {
      signInCode.current = null;
      setFormProblem('cannotReachServer');
      setSubmitting(false);
      return;
    }
    const parsed = code.loginBody.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(code.fieldErrors(parsed.error));
      setSubmitting(false);
      return;
    }
    setErrors({});
    try {
      const answer = await code.login(parsed.data);
      // the role is known: its home starts loading now if the idle prefetch guessed another
      if (answer.user.role !== (readLastRole() ?? ROLE.supervisor)) prefetchHomeOf(answer.user.role);
      rememberRole(answer.user.role);
      // the last account's saved lists are gone before the next one is in
      await sessionEndSettled();
      signIn({ user: answer.user, token: answer.token });
      code.notifications.show({ color: 'green', message: siteText('loginSuccess') });
      const home = homePathForRole(answer.user.role) ?? '/';
      navigate(returnTo && returnPathFitsRole(returnTo, answer.user.role) ? returnTo : home, { replace: true });
    } catch (error) {
      // SPEC §8: the server's msg, else 'Login failed'; no answer: 'Something went wrong' over the one network-error text; else 'Something went wrong'
      // in the reader's language: the server's message by its code
      const message = code.errorText(error, 'loginFailed', 'somethingWentWrong');
      code.notifications.show({ color: 'red', title: code.noAnswer(error) ? siteText('somethingWentWrong') : undefined, message });
      setSubmitting(false);
    }
  }

  return (
    <AuthCard title={t('auth.signInTitle')} subtitle={t('auth.signInSubtitle')} corner={<LanguageSwitch />}>
      <KeptChangesNotice />
      <form onSubmit={onSubmit} noValidate className={classes.form} onKeyDown={prefetch} onPointerDown={prefetch} onChange={prefetch}>
        <Field label={t('auth.email')} error={errors.email}>
          {(props) => (
            <input
              {...props}
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              placeholder="you@example.com"
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
              required
              autoFocus
            />
          )}
        </Field>
        <Field label={t('auth.password')} error={errors.password}>
          {(props) => (
            <div className={classes.passwordRow}>
              <input
                {...props}
                type={showPassword ? 'text' : 'password'}
                name="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                required
              />
              <button
                type="button"
                className={classes.reveal}
                onClick={() => setShowPassword((shown) => !shown)}
                aria-label={showPassword ? t('auth.hidePassword') : t('auth.showPassword')}
                aria-pressed={showPassword}
              >
                <EyeIcon crossed={showPassword} />
              </button>
            </div>
          )}
        </Field>
        <div className={classes.forgot}>
          <Link to="/forget">{t('auth.forgotPasswordLink')}</Link>
        </div>
        {formProblem ? (
          <p role="alert" className={classes.error}>
            {m(formProblem)}
          </p>
        ) : null}
        <button type="submit" className={classes.submit} disabled={submitting} aria-busy={submitting}>
          {submitting ? <span className={classes.spinner} aria-hidden="true" /> : null}
          {m('login')}
        </button>
      </form>
    </AuthCard>
  );
}

/**
 * Changes made on this phone by an account whose session ended without Logout are kept for
 * that person (issue 24, decision 0020): said here, where the next person signs in, in a
 * notice that can be closed. They are sent only after that account signs in again.
 */
function KeptChangesNotice() {
  const { t } = useTranslation();
  const kept = useSyncExternalStore(subscribeKeptChanges, keptChangesCount, () => 0);
  const [closed, setClosed] = useState(false);
  if (kept === 0 || closed) return null;
  return (
    <div role="status" className={classes.notice} data-testid="kept-changes-notice">
      <p className={classes.noticeText}>{t('auth.keptForOwner', { count: kept })}</p>
      <button type="button" className={classes.noticeClose} onClick={() => setClosed(true)} aria-label={t('auth.closeNotice')}>
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </div>
  );
}

interface InputProps {
  id: string;
  className: string | undefined;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
}

/** A labelled input with its error below, looking like the Mantine inputs of the app. */
function Field({ label, error, children }: { label: string; error?: string; children: (props: InputProps) => ReactNode }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {label}
        <span className={classes.required} aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      {children({ id, className: error ? `${classes.input} ${classes.invalid}` : classes.input, 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error ? (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M3 3l18 18" /> : null}
    </svg>
  );
}
