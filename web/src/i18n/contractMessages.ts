import { contractEnglish, currentLanguage } from '.';

/**
 * A message to show: in English when the UI speaks English and the contract wrote it (under a field, from the
 * form's check or the server's 400); anything else as it is. The English loads with the language
 * (`contractEnglish`); until it is in, a message shows as the contract wrote it.
 */
export function contractMessage(text: string): string {
  return currentLanguage() === 'en' ? (contractEnglish()?.(text) ?? text) : text;
}
