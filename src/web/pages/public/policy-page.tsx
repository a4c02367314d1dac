import type { ReactNode } from 'react';
import { SITE_MSG } from '../../../shared/site-messages.js';
import { addressLines, useCompanyProfile } from '../../company-profile.js';
import { usePageMeta } from './page-meta.js';
import site from './public-site.module.css';
import classes from './policy-page.module.css';

interface PolicySection {
  id: string;
  title: string;
  body: ReactNode;
}

/** SPEC §2 /policy: the privacy policy in six sections. */
export default function PolicyPage() {
  const companyProfile = useCompanyProfile();
  const profile = companyProfile;
  usePageMeta(
    `${SITE_MSG.privacyPolicy} · ${profile.name}`,
    `How ${profile.name} collects, uses, shares and protects personal information, and the rights you have over it.`,
  );
  const mail = (
    <a href={`mailto:${profile.email}`} className="break-anywhere">
      {profile.email}
    </a>
  );
  const sections: PolicySection[] = [
    {
      id: 'information-collected',
      title: SITE_MSG.policySections.collected,
      body: (
        <>
          <p>We collect only what we need to run our services and this website:</p>
          <ul>
            <li>Contact details you send us when you write or call: your name, e-mail address, phone number and organisation.</li>
            <li>For people who sign in to our work-tracking application: name, e-mail address, role and work type.</li>
            <li>For our staff: the details needed for employment, wages and statutory contributions, such as phone number, Aadhaar number, bank account, UAN and ESI numbers.</li>
            <li>Records of the work we do for clients: trains and coaches serviced, bedroll counts, attendance and bills.</li>
            <li>Technical data: the address and time of requests to our servers, and the sign-in session your browser keeps while you are signed in.</li>
          </ul>
          <p>This website uses no advertising or tracking cookies.</p>
        </>
      ),
    },
    {
      id: 'use',
      title: SITE_MSG.policySections.use,
      body: (
        <ul>
          <li>To answer your enquiries and to plan and deliver the services agreed with our clients.</li>
          <li>To pay wages and meet our obligations under labour and tax laws.</li>
          <li>To keep accounts secure, prevent misuse and investigate problems.</li>
          <li>To improve our services, using records of the work done.</li>
        </ul>
      ),
    },
    {
      id: 'sharing',
      title: SITE_MSG.policySections.sharing,
      body: (
        <>
          <p>We do not sell personal information. We share it only:</p>
          <ul>
            <li>with the client a record belongs to, such as the duty records of their trains;</li>
            <li>with banks, to pay wages, and with authorities such as EPFO and ESIC where the law requires it;</li>
            <li>with service providers who host our systems or send our e-mail, under a duty of confidentiality and only for that purpose.</li>
          </ul>
        </>
      ),
    },
    {
      id: 'security',
      title: SITE_MSG.policySections.security,
      body: (
        <ul>
          <li>Passwords are stored only as strong one-way hashes; sign-in sessions expire and end when you log out.</li>
          <li>Each person sees only what their role needs; Aadhaar numbers are shown masked.</li>
          <li>Changes to records are logged, and data travels over encrypted connections where our clients' networks allow.</li>
          <li>No system is perfectly secure: if a breach affects your information, we will tell you and the authorities as the law requires.</li>
        </ul>
      ),
    },
    {
      id: 'data-rights',
      title: SITE_MSG.policySections.rights,
      body: (
        <>
          <p>
            Under India's Digital Personal Data Protection Act, 2023 you may ask us for a summary of the personal information we hold about you,
            have it corrected or completed, have it erased when we no longer need to keep it by law, and withdraw a consent you gave us.
          </p>
          <p>Write to {mail}; we answer within 30 days.</p>
        </>
      ),
    },
    {
      id: 'changes',
      title: SITE_MSG.policySections.changes,
      body: (
        <p>
          We may update this policy when our services or the law change. The current version is always on this page; we will tell our clients and
          staff about any important change before it takes effect.
        </p>
      ),
    },
  ];

  return (
    <>
      <header className={site.pageHero}>
        <div className={site.container}>
          <p className={site.pageHeroEyebrow}>{profile.name}</p>
          <h1 className={site.pageHeroTitle}>{SITE_MSG.privacyPolicy}</h1>
          <p className={site.pageHeroText}>How we collect, use, share and protect personal information, and the rights you have over it.</p>
        </div>
      </header>
      <div className={`${site.container} ${classes.layout}`}>
        <nav className={classes.contents} aria-label="Sections of this policy">
          <p className={classes.contentsTitle}>On this page</p>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className={classes.article}>
          {sections.map((section, i) => (
            <section key={section.id} id={section.id} className={classes.section} aria-labelledby={`${section.id}-title`}>
              <h2 id={`${section.id}-title`} className={classes.sectionTitle}>
                {i + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
          <section className={classes.section} aria-labelledby="policy-contact">
            <h2 id="policy-contact" className={classes.sectionTitle}>
              {SITE_MSG.contactUs}
            </h2>
            <address className={classes.address}>
              <span>{profile.name}</span>
              {addressLines(profile.address).map((line) => (
                <span key={line}>{line}</span>
              ))}
              <span>{mail}</span>
            </address>
          </section>
        </article>
      </div>
    </>
  );
}
