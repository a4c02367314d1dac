import { useEffect, useRef, useState } from 'react';
import { COUNTER_DURATION_MS, usePrefersReducedMotion } from './site-motion.js';
import classes from './stat-counters.module.css';

/** Fast at first, gentle at the end. */
const easeOut = (t: number) => 1 - (1 - t) ** 3;

/**
 * SPEC §1, §2: the counters count up from 0 over 2 seconds the first time they scroll
 * into view. Under prefers-reduced-motion they show their values at once. Screen
 * readers get the final value, never the numbers on the way.
 */
export function StatCounters({ counters }: { counters: { label: string; value: number }[] }) {
  const ref = useRef<HTMLDListElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    const list = ref.current;
    if (reducedMotion || !list) return;
    let frame = 0;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        const start = performance.now();
        const step = (now: number) => {
          const t = Math.min(1, (now - start) / COUNTER_DURATION_MS);
          setProgress(t);
          if (t < 1) frame = requestAnimationFrame(step);
        };
        frame = requestAnimationFrame(step);
      },
      { threshold: 0.5 },
    );
    observer.observe(list);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [reducedMotion]);

  const shown = reducedMotion ? 1 : easeOut(progress);
  return (
    <dl ref={ref} className={classes.counters} data-done={shown === 1 ? 'true' : 'false'}>
      {counters.map((counter) => (
        <div key={counter.label} className={classes.counter}>
          <dt className={classes.label}>{counter.label}</dt>
          <dd className={classes.value}>
            <span aria-hidden="true">{Math.round(counter.value * shown)}</span>
            <span className={classes.srOnly}>{counter.value}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
