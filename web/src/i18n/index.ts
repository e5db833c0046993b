import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { id } from './id';

// The shell's strings are bundled, so initialisation completes synchronously and the first render already
// has text. Each screen brings its own strings (addNamespace), so that new screens do not grow the first view.
i18n.use(initReactI18next).init({
  lng: 'id',
  fallbackLng: 'id',
  resources: { id: { translation: id } },
  initAsync: false,
  interpolation: { escapeValue: false },
});

/**
 * The strings of every namespace, for typed keys: the shell's here, each screen's and shared part's added by
 * its own i18n file (`declare module`), so that a new screen touches no file outside its folder.
 */
export interface Resources {
  translation: typeof id;
}

/** Registers the strings of one screen or part when its chunk loads; answers the name for useTranslation. */
export function addNamespace<N extends Exclude<keyof Resources, 'translation'>>(
  ns: N,
  strings: Resources[N],
): N {
  i18n.addResourceBundle('id', ns, strings);
  return ns;
}

export default i18n;
