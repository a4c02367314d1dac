import { useEffect, useState, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { SITE_MSG } from '../../../shared/site-messages.js';
import type { Service } from '../../company-profile.js';
import { BANNER_INTERVAL_MS, BANNER_SLIDE_MS, useHoverFocusPause, usePrefersReducedMotion } from './site-motion.js';
import classes from './service-banner.module.css';

/**
 * SPEC §1, §2: the banner of the four services. It advances every 3 s with a 0.8 s slide;
 * Previous, Next and one dot per slide move it by hand (and restart the 3 s). It holds
 * still while the pointer is over it, while keyboard focus is inside it, after Pause,
 * and always under prefers-reduced-motion (then slides change without the slide, too).
 * Slides that are not shown are inert, so Tab never lands on a hidden link.
 */
export function ServiceBanner({ services, eyebrow }: { services: Service[]; eyebrow: string }) {
  const count = services.length;
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const { paused, handlers } = useHoverFocusPause();
  const reducedMotion = usePrefersReducedMotion();
  const rotating = count > 1 && !reducedMotion && !stopped && !paused;

  useEffect(() => {
    if (!rotating) return;
    // A timeout per slide, so moving by hand starts a fresh 3 seconds.
    const timer = window.setTimeout(() => setIndex((current) => (current + 1) % count), BANNER_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, index, count]);

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const trackStyle = { transform: `translateX(-${index * 100}%)`, '--slide-duration': `${BANNER_SLIDE_MS}ms` } as CSSProperties;

  return (
    <section className={classes.banner} aria-roledescription="carousel" aria-label={SITE_MSG.ourServices} {...handlers}>
      <div className={classes.viewport}>
        <div className={classes.track} style={trackStyle} aria-live={rotating ? 'off' : 'polite'} data-active-slide={index}>
          {services.map((service, i) => {
            const shown = i === index;
            return (
              <div
                key={service.title}
                className={classes.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={SITE_MSG.slideOf(i + 1, count)}
                aria-hidden={!shown}
                inert={!shown}
              >
                <div className={classes.slideText}>
                  <p className={classes.eyebrow}>{eyebrow}</p>
                  <h2 className={classes.title}>{service.title}</h2>
                  <p className={classes.summary}>{service.summary}</p>
                  <div className={classes.actions}>
                    <Link to="/contact" className={classes.primary}>
                      {SITE_MSG.contactUs}
                    </Link>
                    <Link to="/about" className={classes.secondary}>
                      {SITE_MSG.aboutUs}
                    </Link>
                  </div>
                </div>
                <img
                  className={classes.image}
                  src={service.image.src}
                  width={service.image.width}
                  height={service.image.height}
                  alt={service.image.alt}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  decoding="async"
                />
              </div>
            );
          })}
        </div>
      </div>
      <div className={classes.controls}>
        <button type="button" className={classes.arrow} onClick={() => go(index - 1)} aria-label={SITE_MSG.previousSlide}>
          <Chevron direction="left" />
        </button>
        <div className={classes.dots}>
          {services.map((service, i) => (
            <button
              key={service.title}
              type="button"
              className={classes.dot}
              aria-label={SITE_MSG.showSlide(i + 1, service.title)}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
            />
          ))}
        </div>
        <button type="button" className={classes.arrow} onClick={() => go(index + 1)} aria-label={SITE_MSG.nextSlide}>
          <Chevron direction="right" />
        </button>
        {reducedMotion ? null : (
          <button
            type="button"
            className={classes.pause}
            onClick={() => setStopped((value) => !value)}
            aria-label={stopped ? SITE_MSG.resumeRotation : SITE_MSG.pauseRotation}
          >
            {stopped ? <PlayIcon /> : <PauseIcon />}
          </button>
        )}
      </div>
    </section>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d={direction === 'left' ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <rect x="6" y="4" width="4" height="16" rx="1" />
      <rect x="14" y="4" width="4" height="16" rx="1" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M7 4.5v15a1 1 0 0 0 1.5.9l12-7.5a1 1 0 0 0 0-1.7l-12-7.5A1 1 0 0 0 7 4.5z" />
    </svg>
  );
}
