import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSiteMessages } from '../../i18n/messages.js';
import { useCompanyProfile } from '../../company-profile.js';
import { usePageMeta } from './page-meta.js';
import site from './public-site.module.css';
import classes from './not-found-page.module.css';

/** SPEC §2 unknown paths: 'Page Not Found' and Go Back, one step back in history. */
export default function NotFoundPage() {
  const companyProfile = useCompanyProfile();
  const { t } = useTranslation();
  const m = useSiteMessages();
  usePageMeta(`${m('pageNotFound')} · ${companyProfile.shortName}`, t('layout.notFound.description'));
  const navigate = useNavigate();
  // Opened straight from an address with nothing before it, back would leave nothing to
  // show: then Go Back goes to the home page.
  const goBack = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
  return (
    <div className={classes.wrap}>
      <div className={classes.card}>
        <svg className={classes.art} viewBox="0 0 240 120" aria-hidden="true">
          <rect x="0" y="96" width="240" height="6" rx="3" fill="#adb5bd" />
          <g fill="#8d7750">
            <rect x="12" y="92" width="8" height="16" />
            <rect x="52" y="92" width="8" height="16" />
            <rect x="92" y="92" width="8" height="16" />
            <rect x="132" y="92" width="8" height="16" />
          </g>
          <path d="M150 99h30l18-20" stroke="#adb5bd" strokeWidth="6" strokeLinecap="round" fill="none" />
          <rect x="20" y="36" width="120" height="50" rx="12" fill="#0f766e" />
          <rect x="20" y="36" width="120" height="14" rx="7" fill="#14b8a6" />
          <g fill="#ccfbf1">
            <rect x="32" y="56" width="24" height="16" rx="4" />
            <rect x="66" y="56" width="24" height="16" rx="4" />
            <rect x="100" y="56" width="24" height="16" rx="4" />
          </g>
          <g fill="#343a40">
            <circle cx="44" cy="90" r="7" />
            <circle cx="116" cy="90" r="7" />
          </g>
          <text x="200" y="52" textAnchor="middle" fontSize="30" fontWeight="800" fill="#0f766e">?</text>
        </svg>
        <p className={classes.code}>404</p>
        <h1 className={classes.title}>{m('pageNotFound')}</h1>
        <p className={site.text}>{t('layout.notFound.text')}</p>
        <div className={classes.actions}>
          <button type="button" className={site.buttonPrimary} onClick={goBack}>
            {m('goBack')}
          </button>
          <Link to="/" className={site.buttonSecondary}>
            {t('layout.notFound.homePage')}
          </Link>
        </div>
      </div>
    </div>
  );
}
