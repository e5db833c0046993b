import { fuzzRoutes } from './fuzz.js';

// BPJS's Mobile JKN routes are few and slow like the staff's: they share this file's core.
fuzzRoutes(['staff', 'jkn']);
