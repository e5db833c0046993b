import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { id } from './id';
import { bootLanguage, type Language } from './language';

// The shell's strings are bundled in both languages, so initialisation completes synchronously and the first
// render already has text in the saved language. Each screen brings its own strings (addNamespace), so that
// new screens do not grow the first view.
i18n.use(initReactI18next).init({
  lng: bootLanguage(),
  fallbackLng: 'id',
  resources: { id: { translation: id }, en: { translation: en } },
  initAsync: false,
  interpolation: { escapeValue: false },
});

/**
 * The strings of every namespace in Bahasa Indonesia, for typed keys: the shell's here, each screen's and
 * shared part's added by its own i18n file (`declare module`), so that a new screen touches no file outside
 * its folder.
 */
export interface Resources {
  translation: typeof id;
}

/**
 * The English of a namespace: the same keys (and list lengths) as its Bahasa Indonesia, any text. A key
 * missing or left over is a type error, so a namespace cannot be registered half translated.
 */
export type English<T> = T extends string ? string : { readonly [K in keyof T]: English<T[K]> };

/**
 * Registers the strings of one screen or part, in Bahasa Indonesia and in English, when its chunk loads;
 * answers the name for useTranslation. Both languages load together so that switching needs no request.
 */
export function addNamespace<N extends Exclude<keyof Resources, 'translation'>>(
  ns: N,
  strings: Resources[N],
  english: English<Resources[N]>,
): N {
  i18n.addResourceBundle('id', ns, strings);
  i18n.addResourceBundle('en', ns, english);
  return ns;
}

/** The language the UI speaks now. */
export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'id';
}

type ContractEnglish = (text: string) => string | undefined;
let contractInEnglish: ContractEnglish | undefined;
let contractLoading: Promise<void> | undefined;

/**
 * Loads the English of the contract's messages (`contractMessagesEn.ts`, about 30 KB), once: at the start
 * in English and on the first switch to it. The UI renders again once it is in.
 */
export function loadContractEnglish(): Promise<void> {
  contractLoading ??= import('./contractMessagesEn').then(async ({ contractMessageInEnglish }) => {
    contractInEnglish = contractMessageInEnglish;
    // The same language again: every component that translates renders again, now with the messages.
    if (i18n.language === 'en') await i18n.changeLanguage('en');
  });
  return contractLoading;
}

/** The English of the contract's messages, once loaded (see `contractMessage`). */
export const contractEnglish = (): ContractEnglish | undefined => contractInEnglish;

i18n.on('languageChanged', (language) => {
  if (language === 'en') void loadContractEnglish();
});
if (i18n.language === 'en') void loadContractEnglish();

export default i18n;
