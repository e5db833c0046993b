export * from './auth.js';
export * from './duty.js';
export * from './errors.js';
export * from './health.js';
export * from './staff.js';
