import { Link } from 'react-router';
import { SITE_MSG } from '../../../shared/site-messages.js';
import { useCompanyProfile, counterList } from '../../company-profile.js';
import { HighlightList } from './highlight-list.js';
import { usePageMeta } from './page-meta.js';
import { SatisfactionBar } from './satisfaction-bar.js';
import { StatCounters } from './stat-counters.js';
import site from './public-site.module.css';
import classes from './about-page.module.css';

/**
 * SPEC §2 /about: established in 1998; mechanized laundry on a build-own-operate-transfer
 * basis, linen management, room services, mechanized cleaning and onboard housekeeping
 * for railways and hotels; the 98% client-satisfaction bar; 'Professional and Creative
 * Staff' and 'On-time Services'. All of it from the company profile.
 */
export default function AboutPage() {
  const companyProfile = useCompanyProfile();
  const profile = companyProfile;
  const { about } = profile;
  usePageMeta(
    `${SITE_MSG.aboutUs} · ${profile.name}`,
    `${SITE_MSG.establishedIn(profile.established)}, ${profile.name} runs mechanized laundries on a build-own-operate-transfer basis and provides linen management, room services, mechanized cleaning and onboard housekeeping for railways and hotels.`,
  );
  return (
    <>
      <header className={site.pageHero}>
        <div className={site.container}>
          <p className={site.pageHeroEyebrow}>{SITE_MSG.establishedIn(profile.established)}</p>
          <h1 className={site.pageHeroTitle}>{SITE_MSG.aboutUs}</h1>
          <p className={site.pageHeroText}>
            {profile.name}: {profile.tagline.charAt(0).toLowerCase() + profile.tagline.slice(1)}.
          </p>
        </div>
      </header>

      <section className={site.section} aria-labelledby="what-we-do">
        <div className={`${site.container} ${classes.split}`}>
          <div className={classes.stack}>
            <div>
              <p className={site.eyebrow}>{SITE_MSG.since(profile.established)}</p>
              <h2 id="what-we-do" className={site.sectionTitle}>
                What we do
              </h2>
              <p className={site.lead}>{about.intro}</p>
            </div>
            <HighlightList items={about.services} />
          </div>
          <img
            className={`${site.illustration} ${classes.image}`}
            src={about.image.src}
            width={about.image.width}
            height={about.image.height}
            alt={about.image.alt}
            decoding="async"
          />
        </div>
      </section>

      <section className={site.sectionTinted} aria-labelledby="how-we-work">
        <div className={`${site.container} ${classes.stack}`}>
          <div className={classes.tightHead}>
            <p className={site.eyebrow}>{SITE_MSG.whyChooseUs}</p>
            <h2 id="how-we-work" className={site.sectionTitle}>
              How we work
            </h2>
          </div>
          <ul className={classes.items}>
            {about.items.map((item) => (
              <li key={item.title} className={classes.item}>
                <h3 className={classes.itemTitle}>{item.title}</h3>
                <p className={site.text}>{item.text}</p>
              </li>
            ))}
          </ul>
          <SatisfactionBar percent={profile.satisfaction} />
        </div>
      </section>

      <section className={classes.countersBand} aria-label="Our work in numbers">
        <div className={site.container}>
          <StatCounters counters={counterList(profile.counters)} />
        </div>
      </section>

      <section className={site.section} aria-labelledby="work-with-us">
        <div className={`${site.container} ${classes.closing}`}>
          <h2 id="work-with-us" className={site.sectionTitle}>
            Work with us
          </h2>
          <p className={site.lead}>Railway divisions, depots and hotels: tell us what you need and we plan the crews and machines with you.</p>
          <div className={site.buttonRow}>
            <Link to="/contact" className={site.buttonPrimary}>
              {SITE_MSG.contactUs}
            </Link>
            <Link to="/" className={site.buttonSecondary}>
              {SITE_MSG.ourServices}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
