import { fuzzRoutes } from './fuzz.js';

// The staff routes (1,000 inputs each) and BPJS's Mobile JKN routes, which are few and slow like them: half of
// them here, half in fuzz-staff-2, so that the four fuzz files share the cores evenly.
fuzzRoutes(['staff', 'jkn'], [1, 2]);
