export * from './auth.js';
export * from './clinics.js';
export * from './duty.js';
export * from './patients.js';
export * from './staff.js';
export * from './tariffs.js';
export * from './visits.js';
export * from './wards.js';
