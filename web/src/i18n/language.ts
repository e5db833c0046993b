/** Bahasa Indonesia first: the default, and the language of everything the server says. */
export const LANGUAGES = ['id', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The language saved in the settings, as the inline script of index.html put it on `<html lang>` before any
 * module loaded: i18next starts in it, so the first render is already in the chosen language.
 */
export function bootLanguage(): Language {
  return document.documentElement.lang === 'en' ? 'en' : 'id';
}
