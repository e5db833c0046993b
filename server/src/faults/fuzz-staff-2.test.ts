import { fuzzRoutes } from './fuzz.js';

// The other half of the staff and Mobile JKN routes (see fuzz-staff-1).
fuzzRoutes(['staff', 'jkn'], [2, 2]);
