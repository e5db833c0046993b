import 'i18next';
import type { Resources } from '.';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Only `translation` is bundled with the shell; the others are added by the chunks that use them.
    resources: Resources;
  }
}
