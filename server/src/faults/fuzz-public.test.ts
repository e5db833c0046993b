import { fuzzRoutes } from './fuzz.js';

fuzzRoutes(['public']);
