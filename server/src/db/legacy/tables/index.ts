import type { AnyLegacyTable } from '../table.js';
import { admissionsTable } from './admissions.js';
import { bookingsTable } from './bookings.js';
import { clinicsTable, doctorBpjsTable, doctorSchedulesTable, doctorsTable } from './clinics.js';
import { operationsTable } from './operations.js';
import { patientsTable } from './patients.js';
import { referenceTables } from './references.js';
import { roomsTable } from './rooms.js';
import { csStaffTable, dutyStaffTable } from './staff.js';
import { tariffBooksTable, tariffItemsTable } from './tariffs.js';
import { inpatientItemsTable, outpatientItemsTable } from './visit-items.js';
import { visitsTable } from './visits.js';

/** Every legacy table the importer takes, in order: each after the tables its rows refer to. */
export const legacyTables: readonly AnyLegacyTable[] = [
  ...referenceTables,
  roomsTable,
  clinicsTable,
  doctorsTable,
  doctorBpjsTable,
  doctorSchedulesTable,
  tariffBooksTable,
  tariffItemsTable,
  dutyStaffTable,
  csStaffTable,
  patientsTable,
  visitsTable,
  admissionsTable,
  outpatientItemsTable,
  inpatientItemsTable,
  operationsTable,
  bookingsTable,
];
