import type { FaqEntry } from '../../company-profile.js';
import classes from './faq-list.module.css';

/**
 * SPEC §1: the FAQ entries, each opening and closing on a click, Enter or Space. Native
 * <details> elements: they work before any script runs and browsers announce their state.
 */
export function FaqList({ entries }: { entries: FaqEntry[] }) {
  return (
    <div className={classes.list}>
      {entries.map((entry) => (
        <details key={entry.question} className={classes.entry}>
          <summary className={classes.question}>
            <span>{entry.question}</span>
            <svg className={classes.icon} width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" aria-hidden="true">
              <path d="M12 5v14M5 12h14" />
            </svg>
          </summary>
          <p className={classes.answer}>{entry.answer}</p>
        </details>
      ))}
    </div>
  );
}
