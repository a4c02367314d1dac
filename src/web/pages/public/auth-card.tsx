import type { ReactNode } from 'react';
import classes from './auth-card.module.css';

/**
 * The centred card the sign-in, password and registration pages share. Plain elements:
 * /login is one of the pages held to the phone budget (SPEC issue 3), so its frame costs
 * no component library code.
 */
export function AuthCard({
  title,
  subtitle,
  children,
  width = 420,
  corner,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  width?: number;
  /** Above the title, at the end: the language switch on the sign-in pages. */
  corner?: ReactNode;
}) {
  return (
    <div className={classes.wrap}>
      <div className={classes.card} style={{ maxWidth: width }}>
        {corner ? <div className={classes.corner}>{corner}</div> : null}
        <div className={classes.head}>
          <h1 className={classes.title}>{title}</h1>
          {subtitle ? <p className={classes.subtitle}>{subtitle}</p> : null}
        </div>
        {children}
      </div>
    </div>
  );
}
