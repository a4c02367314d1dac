import { useId } from 'react';
import { SITE_MSG } from '../../../shared/site-messages.js';
import classes from './public-site.module.css';

/** SPEC §1, §2: the client-satisfaction bar (98% by default). */
export function SatisfactionBar({ percent }: { percent: number }) {
  const labelId = useId();
  return (
    <div className={classes.meter}>
      <div className={classes.meterLabel}>
        <span id={labelId}>{SITE_MSG.clientSatisfaction}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        className={classes.meterTrack}
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
      >
        <div className={classes.meterFill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
