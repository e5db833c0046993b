/** The UI's languages (the settings list them): Bahasa Indonesia, the default and the server's, or English. */
export type Language = 'id' | 'en';

/**
 * The language saved in the settings, as the inline script of index.html put it on `<html lang>` before any
 * module loaded: i18next starts in it, so the first render is already in the chosen language.
 */
export function bootLanguage(): Language {
  return document.documentElement.lang === 'en' ? 'en' : 'id';
}
