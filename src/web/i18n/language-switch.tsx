import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage } from './i18n.js';

/**
 * The language switch (sign-in page and the signed-in menu): each language by its own
 * name, so a reader finds theirs whatever is shown now. The choice stays on this device.
 */
export function LanguageSwitch({ size = 'sm' }: { size?: 'xs' | 'sm' | 'md' }) {
  const { t, i18n } = useTranslation();
  const value = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <NativeSelect
      size={size}
      aria-label={t('language.label')}
      value={value}
      data={LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isLanguage(next)) void setLanguage(next);
      }}
    />
  );
}
