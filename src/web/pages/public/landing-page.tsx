import { useEffect, useId } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { SITE_MSG } from '../../../shared/site-messages.js';
import { homePathForRole } from '../../../shared/roles.js';
import { useAuth } from '../../auth/auth-context.js';
import { useCompanyProfile, counterList, telHref } from '../../company-profile.js';
import { FaqList } from './faq-list.js';
import { HighlightList } from './highlight-list.js';
import { usePageMeta } from './page-meta.js';
import { SatisfactionBar } from './satisfaction-bar.js';
import { ServiceBanner } from './service-banner.js';
import { StatCounters } from './stat-counters.js';
import { TestimonialStrip } from './testimonial-strip.js';
import site from './public-site.module.css';
import classes from './landing-page.module.css';

/**
 * SPEC §2 / and /home. A signed-in person goes to their area by role; a role value that
 * is not valid clears the stored session and goes to /login. Signed out: the company's
 * home page (SPEC §1).
 */
export default function LandingPage() {
  const { user } = useAuth();
  if (user) {
    const home = homePathForRole(user.role);
    return home ? <Navigate to={home} replace /> : <ClearSessionAndLogin />;
  }
  return <HomePage />;
}

function ClearSessionAndLogin() {
  const { clear } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    clear();
    navigate('/login', { replace: true });
  }, [clear, navigate]);
  return null;
}

function HomePage() {
  const companyProfile = useCompanyProfile();
  const profile = companyProfile;
  usePageMeta(
    `${profile.name} · Laundry, bedroll and housekeeping for railways and hotels`,
    `${profile.name}: ${profile.tagline.toLowerCase()}, since ${profile.established}. Mechanized laundry, bedroll management, housekeeping and running room services.`,
  );
  const testimonialsHeading = useId();
  return (
    <>
      <div className={classes.hero}>
        <h1 className={site.srOnly}>
          {profile.name}: {profile.tagline}
        </h1>
        <ServiceBanner services={profile.services} eyebrow={SITE_MSG.since(profile.established)} />
      </div>

      <section className={site.section} aria-labelledby="about-us">
        <div className={`${site.container} ${classes.split}`}>
          <img
            className={site.illustration}
            src={profile.about.image.src}
            width={profile.about.image.width}
            height={profile.about.image.height}
            alt={profile.about.image.alt}
            loading="lazy"
            decoding="async"
          />
          <div className={classes.stack}>
            <div>
              <p className={site.eyebrow}>{SITE_MSG.establishedIn(profile.established)}</p>
              <h2 id="about-us" className={site.sectionTitle}>
                {SITE_MSG.aboutUs}
              </h2>
              <p className={site.lead}>{profile.about.intro}</p>
            </div>
            <HighlightList items={profile.about.items} />
            <SatisfactionBar percent={profile.satisfaction} />
            <div>
              <Link to="/about" className={site.buttonSecondary}>
                More about us
              </Link>
            </div>
          </div>
        </div>
      </section>

      <section className={classes.countersBand} aria-label="Our work in numbers">
        <div className={site.container}>
          <StatCounters counters={counterList(profile.counters)} />
        </div>
      </section>

      <section className={site.section} aria-labelledby="why-choose-us">
        <div className={site.container}>
          <div className={site.sectionHeadCentered}>
            <p className={site.eyebrow}>{profile.shortName}</p>
            <h2 id="why-choose-us" className={site.sectionTitle}>
              {SITE_MSG.whyChooseUs}
            </h2>
            <p className={site.lead}>Railway divisions and hotels have trusted us with their linen and their cleaning for years. Here is why.</p>
          </div>
          <ul className={classes.reasons}>
            {profile.whyChooseUs.map((reason, i) => (
              <li key={reason.title} className={classes.reason}>
                <span className={classes.reasonIcon}>
                  <ReasonIcon index={i} />
                </span>
                <h3 className={classes.reasonTitle}>{reason.title}</h3>
                <p className={site.text}>{reason.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={site.sectionTinted} aria-labelledby={testimonialsHeading}>
        <div className={site.container}>
          <div className={site.sectionHeadCentered}>
            <p className={site.eyebrow}>{SITE_MSG.testimonials}</p>
            <h2 id={testimonialsHeading} className={site.sectionTitle}>
              What our clients say
            </h2>
          </div>
          <TestimonialStrip testimonials={profile.testimonials} labelledBy={testimonialsHeading} />
        </div>
      </section>

      <section className={site.section} aria-labelledby="faq">
        <div className={site.container}>
          <div className={site.sectionHeadCentered}>
            <p className={site.eyebrow}>FAQ</p>
            <h2 id="faq" className={site.sectionTitle}>
              {SITE_MSG.faq}
            </h2>
          </div>
          <FaqList entries={profile.faq} />
        </div>
      </section>

      <section className={classes.cta} aria-labelledby="get-in-touch">
        <div className={`${site.container} ${classes.ctaInner}`}>
          <div>
            <h2 id="get-in-touch" className={classes.ctaTitle}>
              Need linen or cleaning crews for your trains or hotel?
            </h2>
            <p className={classes.ctaText}>Tell us about your depot, station or hotel. We answer within one working day.</p>
          </div>
          <div className={site.buttonRow}>
            <Link to="/contact" className={classes.ctaPrimary}>
              {SITE_MSG.contactUs}
            </Link>
            <a href={telHref(profile.phone)} className={classes.ctaSecondary}>
              Call {profile.phone}
            </a>
          </div>
        </div>
      </section>
    </>
  );
}

const reasonIcons = [
  // experience: a medal
  'M12 15a6 6 0 1 0 0-12 6 6 0 0 0 0 12zm-3.5-1.2L7 22l5-3 5 3-1.5-8.2',
  // machines: a washing machine
  'M5 2h14a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zm-1 5h16M12 18a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zM8 4.5h.01',
  // crews: people
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm13 10v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
  // around the clock: a clock
  'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zm0-16v6l4 2',
];

function ReasonIcon({ index }: { index: number }) {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={reasonIcons[index % reasonIcons.length]} />
    </svg>
  );
}
