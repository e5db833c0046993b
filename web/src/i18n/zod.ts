// Imported by the forms (lazy chunks), not by the shell: zod's own messages, for limits the contract states
// without a text of its own, in Bahasa Indonesia too.
import { config } from 'zod';
import { id } from 'zod/locales';

config(id());
