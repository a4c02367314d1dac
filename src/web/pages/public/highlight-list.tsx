import type { Highlight } from '../../company-profile.js';
import classes from './public-site.module.css';

/** A list of short titled points, each with a check mark. */
export function HighlightList({ items, headingLevel = 3 }: { items: Highlight[]; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <ul className={classes.checkList}>
      {items.map((item) => (
        <li key={item.title} className={classes.checkItem}>
          <CheckIcon />
          <div>
            <Heading className={classes.checkTitle}>{item.title}</Heading>
            <p className={classes.text}>{item.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function CheckIcon() {
  return (
    <svg className={classes.checkIcon} viewBox="0 0 24 24" aria-hidden="true">
      <circle cx="12" cy="12" r="11" fill="#ccfbf1" />
      <path d="m7 12.5 3.2 3.2L17 9" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
