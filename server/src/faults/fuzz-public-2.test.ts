import { fuzzRoutes } from './fuzz.js';

// The other half of the public routes (see fuzz-public-1).
fuzzRoutes(['public'], [2, 2]);
