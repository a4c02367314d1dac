import { useEffect, useRef } from 'react';
import { SITE_MSG } from '../../../shared/site-messages.js';
import type { Testimonial } from '../../company-profile.js';
import { TESTIMONIAL_INTERVAL_MS, TESTIMONIAL_STEP_PX, useHoverFocusPause, usePrefersReducedMotion } from './site-motion.js';
import classes from './testimonial-strip.module.css';

/**
 * SPEC §1, §2: the testimonials in a strip that scrolls 320 px (one card and its gap)
 * every 3 seconds and starts over at the end. It holds still under the pointer, with
 * keyboard focus inside and under prefers-reduced-motion; the arrows and the keyboard
 * (the strip is focusable) scroll it by hand.
 */
export function TestimonialStrip({ testimonials, labelledBy }: { testimonials: Testimonial[]; labelledBy: string }) {
  const strip = useRef<HTMLUListElement>(null);
  const { paused, handlers } = useHoverFocusPause();
  const reducedMotion = usePrefersReducedMotion();
  const moving = !paused && !reducedMotion;

  useEffect(() => {
    if (!moving) return;
    const timer = window.setInterval(() => {
      const list = strip.current;
      if (!list) return;
      const atEnd = list.scrollLeft + list.clientWidth >= list.scrollWidth - 4;
      list.scrollTo({ left: atEnd ? 0 : list.scrollLeft + TESTIMONIAL_STEP_PX, behavior: 'smooth' });
    }, TESTIMONIAL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [moving]);

  const scrollBy = (pixels: number) =>
    strip.current?.scrollBy({ left: pixels, behavior: reducedMotion ? 'auto' : 'smooth' });

  return (
    <div className={classes.wrapper} {...handlers}>
      <ul ref={strip} className={classes.strip} tabIndex={0} aria-labelledby={labelledBy} data-testid="testimonial-strip">
        {testimonials.map((testimonial, i) => (
          <li key={i} className={classes.card}>
            <figure className={classes.figure}>
              <Stars count={testimonial.rating} />
              <blockquote className={classes.quote}>
                <p>{testimonial.text}</p>
              </blockquote>
              <figcaption className={classes.caption}>
                <span className={classes.avatar} aria-hidden="true">
                  <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                    <circle cx="12" cy="8" r="4" />
                    <path d="M4 21a8 8 0 0 1 16 0" />
                  </svg>
                </span>
                <span>
                  <span className={classes.name}>{testimonial.name}</span>
                  <span className={classes.role}>{testimonial.role}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <div className={classes.controls}>
        <button type="button" className={classes.arrow} onClick={() => scrollBy(-TESTIMONIAL_STEP_PX)} aria-label={SITE_MSG.previousTestimonials}>
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="m15 18-6-6 6-6" />
          </svg>
        </button>
        <button type="button" className={classes.arrow} onClick={() => scrollBy(TESTIMONIAL_STEP_PX)} aria-label={SITE_MSG.nextTestimonials}>
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="m9 18 6-6-6-6" />
          </svg>
        </button>
      </div>
    </div>
  );
}

function Stars({ count }: { count: number }) {
  return (
    <p className={classes.stars} role="img" aria-label={SITE_MSG.starsOutOf5(count)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg key={n} width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" className={n <= count ? classes.starOn : classes.starOff}>
          <path d="m12 2.5 2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z" fill="currentColor" />
        </svg>
      ))}
    </p>
  );
}
