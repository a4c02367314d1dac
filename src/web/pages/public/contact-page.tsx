import type { ReactNode } from 'react';
import { SITE_MSG } from '../../../shared/site-messages.js';
import { addressLines, useCompanyProfile, telHref } from '../../company-profile.js';
import { usePageMeta } from './page-meta.js';
import site from './public-site.module.css';
import classes from './contact-page.module.css';

/** SPEC §2 /contact: the postal address in Kerala, the e-mail (mailto) and the phone (tel). */
export default function ContactPage() {
  const companyProfile = useCompanyProfile();
  const profile = companyProfile;
  usePageMeta(
    `${SITE_MSG.contactUs} · ${profile.name}`,
    `Write to ${profile.email}, call ${profile.phone} or visit our office: ${profile.address}.`,
  );
  return (
    <>
      <header className={site.pageHero}>
        <div className={site.container}>
          <p className={site.pageHeroEyebrow}>{profile.name}</p>
          <h1 className={site.pageHeroTitle}>{SITE_MSG.contactUs}</h1>
          <p className={site.pageHeroText}>For a new contract, a quotation or anything about our work at your station, depot or hotel.</p>
        </div>
      </header>
      <section className={site.section} aria-label="How to reach us">
        <div className={`${site.container} ${classes.grid}`}>
          <ContactCard icon={<PinIcon />} title="Office">
            <address className={classes.address}>
              <span>{profile.name}</span>
              {addressLines(profile.address).map((line) => (
                <span key={line}>{line}</span>
              ))}
            </address>
          </ContactCard>
          <ContactCard icon={<MailIcon />} title="E-mail">
            <a href={`mailto:${profile.email}`} className={`${classes.link} break-anywhere`}>
              {profile.email}
            </a>
            <p className={classes.note}>We answer within one working day.</p>
          </ContactCard>
          <ContactCard icon={<PhoneIcon />} title="Phone">
            <a href={telHref(profile.phone)} className={classes.link}>
              {profile.phone}
            </a>
            <p className={classes.note}>{profile.officeHours}</p>
          </ContactCard>
        </div>
      </section>
    </>
  );
}

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className={classes.card}>
      <span className={classes.icon}>{icon}</span>
      <h2 className={classes.cardTitle}>{title}</h2>
      {children}
    </div>
  );
}

const iconProps = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
} as const;

function PinIcon() {
  return (
    <svg {...iconProps}>
      <path d="M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0z" />
      <circle cx="12" cy="10" r="3" />
    </svg>
  );
}

function MailIcon() {
  return (
    <svg {...iconProps}>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 6-10 7L2 6" />
    </svg>
  );
}

function PhoneIcon() {
  return (
    <svg {...iconProps}>
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z" />
    </svg>
  );
}
