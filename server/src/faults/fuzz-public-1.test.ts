import { fuzzRoutes } from './fuzz.js';

// The public routes take 10,000 inputs each: half of them here, half in fuzz-public-2 (see fuzz-staff-1).
fuzzRoutes(['public'], [1, 2]);
