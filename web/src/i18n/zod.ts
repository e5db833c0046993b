// Imported by the forms (lazy chunks), not by the shell: zod's own messages, for limits the contract states
// without a text of its own, in the UI's language. Messages the contract writes itself stay Bahasa Indonesia.
import { config } from 'zod';
import { en, id } from 'zod/locales';
import i18n, { currentLanguage } from '.';

const locales = { id, en };

function follow(): void {
  config(locales[currentLanguage()]());
}

follow();
i18n.on('languageChanged', follow);
