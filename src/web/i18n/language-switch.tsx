import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage } from './i18n.js';
import classes from './language-switch.module.css';

/**
 * The language switch (sign-in page and the signed-in menu): each language by its own
 * name, so a reader finds theirs whatever is shown now. The choice stays on this device
 * (setLanguage remembers it and sets <html lang>). A plain select: /login is held to the
 * phone budget and loads no component library code for it.
 */
export function LanguageSwitch({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <div className={fullWidth ? `${classes.wrap} ${classes.full}` : classes.wrap}>
      <label htmlFor={id} className={classes.icon} title={t('language.label')}>
        <GlobeIcon />
      </label>
      <select
        id={id}
        className={classes.select}
        aria-label={t('language.label')}
        value={value}
        onChange={(event) => {
          const next = event.currentTarget.value;
          if (isLanguage(next)) void setLanguage(next);
        }}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

function GlobeIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <circle cx="12" cy="12" r="10" />
      <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
    </svg>
  );
}
