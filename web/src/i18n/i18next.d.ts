import 'i18next';
import type { id } from './id';

declare module 'i18next' {
  interface CustomTypeOptions {
    resources: { translation: typeof id };
  }
}
