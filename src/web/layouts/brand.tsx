import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCompanyProfile, logoOf } from '../company-profile.js';
import classes from './site-layout.module.css';

/** The logo and the company's short name, linking home; `inverted` for the dark footer. */
export function Brand({ inverted = false }: { inverted?: boolean }) {
  const companyProfile = useCompanyProfile();
  const { t } = useTranslation();
  const { shortName } = companyProfile;
  const logo = logoOf(companyProfile);
  return (
    <Link to="/" className={inverted ? `${classes.brand} ${classes.brandInverted}` : classes.brand} aria-label={t('layout.brandHome', { name: shortName })}>
      <img src={logo.src} width={logo.width} height={logo.height} alt={logo.alt} className={classes.brandLogo} />
      <span className={classes.brandName}>{shortName}</span>
    </Link>
  );
}
