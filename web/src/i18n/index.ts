import i18n from 'i18next';
import { addLocale, type LocaleOptions, localeOptions } from 'primereact/api';
import { initReactI18next } from 'react-i18next';
import { id } from './id';

// Resources are bundled, so initialisation completes synchronously and the first render already has text.
i18n.use(initReactI18next).init({
  lng: 'id',
  fallbackLng: 'id',
  resources: { id: { translation: id } },
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** PrimeReact labels some of its own controls from its locale, not from i18next. */
export const PRIME_LOCALE = 'id';
const english = localeOptions('en') as LocaleOptions;
addLocale(PRIME_LOCALE, { aria: { ...english.aria, ...id.primeAria } });

export default i18n;
