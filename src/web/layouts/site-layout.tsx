import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import { useAuth } from '../auth/auth-context.js';
import { ErrorBoundary } from '../components/error-boundary.js';
import { addressLines, useCompanyProfile, useCompanyTimeZone, telHref } from '../company-profile.js';
import { dayInZone } from '../../shared/time.js';
import { useSiteMessages } from '../i18n/messages.js';
import { Brand } from './brand.js';
import { focusHeadingWhenDrawn, focusPageHeading, MAIN_ID } from './page-focus.js';
import classes from './site-layout.module.css';

/*
 * The top bar and footer are plain elements styled by this module's CSS (with the theme's
 * CSS variables), not Mantine components: every public page loads them first, and the
 * budget for / is 150 KB of JavaScript. Logout needs the API client and the shared
 * schemas, so its code comes in only when someone is signed in.
 */
const SignedInActions = lazy(() => import('./signed-in-actions.js'));

/** SPEC §2 common layout: the top bar, the page, the footer. */
export function SiteLayout() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  useHeadingFocusOnNavigation();
  return (
    <div className={classes.page}>
      <a
        href={`#${MAIN_ID}`}
        className={classes.skipLink}
        onClick={(event) => {
          event.preventDefault();
          focusPageHeading();
        }}
      >
        {t('layout.skipToContent')}
      </a>
      {navigation.state !== 'idle' ? <div className={classes.progress} role="progressbar" aria-label={t('layout.loadingPage')} /> : null}
      <TopBar />
      <main id={MAIN_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/**
 * After each navigation to another page (not the first load, nor a change of the query
 * alone, such as a tab kept in the address), focus moves to the new page's heading, so a
 * screen reader announces it and Tab continues from there rather than in the menu.
 */
function useHeadingFocusOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    return focusHeadingWhenDrawn();
  }, [pathname]);
}

function TopBar() {
  const companyProfile = useCompanyProfile();
  const { user } = useAuth();
  const { t } = useTranslation();
  const m = useSiteMessages();
  return (
    <header className={classes.header} data-no-print>
      <div className={classes.contactStrip}>
        <div className={`${classes.container} ${classes.contactRow}`}>
          <a href={telHref(companyProfile.phone)} className={classes.contactLink}>
            <PhoneIcon />
            {companyProfile.phone}
          </a>
          <a href={`mailto:${companyProfile.email}`} className={classes.contactLink}>
            <MailIcon />
            {companyProfile.email}
          </a>
        </div>
      </div>
      <div className={`${classes.container} ${classes.bar}`}>
        <Brand />
        <nav className={classes.nav} aria-label={t('layout.mainNav')}>
          <NavLink to="/" end className={classes.navLink}>
            {m('navHome')}
          </NavLink>
          <NavLink to="/about" className={classes.navLink}>
            {m('navAbout')}
          </NavLink>
        </nav>
        <div className={classes.account}>
          {user ? (
            // offline before its code came, the name stays and the page below keeps working
            <ErrorBoundary fallback={<span className={classes.userName}>{user.name}</span>}>
              <Suspense fallback={<span className={classes.userName}>{user.name}</span>}>
                <SignedInActions />
              </Suspense>
            </ErrorBoundary>
          ) : (
            <Link to="/login" className={classes.loginButton}>
              {m('login')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

function Footer() {
  const companyProfile = useCompanyProfile();
  // the company's year (APP_TZ), not the phone's: they differ for a few hours at New Year
  const year = Number(dayInZone(new Date(), useCompanyTimeZone()).slice(0, 4));
  const { t } = useTranslation();
  const m = useSiteMessages();
  return (
    <footer className={classes.footer} data-no-print>
      <div className={`${classes.container} ${classes.footerGrid}`}>
        <div className={classes.footerAbout}>
          <Brand inverted />
          <p className={classes.footerText}>{companyProfile.tagline}.</p>
          <p className={classes.footerText}>{m.of('since', companyProfile.established)}</p>
        </div>
        <nav aria-label={t('layout.footerNav')} className={classes.footerNav}>
          <h2 className={classes.footerHeading}>{t('layout.company')}</h2>
          <Link to="/about" className={classes.footerLink}>
            {m('navAbout')}
          </Link>
          <Link to="/policy" className={classes.footerLink}>
            {m('privacyPolicy')}
          </Link>
          <Link to="/contact" className={classes.footerLink}>
            {m('footerContact')}
          </Link>
        </nav>
        <div>
          <h2 className={classes.footerHeading}>{t('layout.office')}</h2>
          <address className={classes.footerAddress}>
            {addressLines(companyProfile.address).map((line) => (
              <span key={line}>{line}</span>
            ))}
            <a href={telHref(companyProfile.phone)} className={classes.footerLink}>
              {companyProfile.phone}
            </a>
            <span className="break-anywhere">{companyProfile.email}</span>
          </address>
        </div>
      </div>
      <div className={classes.footerBottom}>
        <p className={classes.container}>{m.of('copyright', year, companyProfile.name)}</p>
      </div>
    </footer>
  );
}

function PhoneIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />
    </svg>
  );
}

function MailIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 6-10 7L2 6" />
    </svg>
  );
}
