import { registrationRequestSchema, type RegistrationRequest } from '@portal/contract';
import type { Payer } from '@portal/contract/constants';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { ApiError } from '../../api/client';
import i18n from '../../i18n';
import { registrasiNs } from './i18n';

/** The payer and patient steps as the boxes hold them; the clinic, date and session are chosen before. */
export interface BookingForm {
  payer: Payer | '';
  bpjsCardNo: string;
  referralNo: string;
  patientKind: 'existing' | 'new';
  /** How an existing patient is found: by medical record number or by NIK. */
  idKind: 'mrn' | 'nik';
  mrn: string;
  /** The NIK of an existing patient found by it, or of a new patient. */
  nik: string;
  name: string;
  birthDate: string;
  sex: 'L' | 'P' | '';
  address: string;
  phone: string;
}

/** The doctor's session and date chosen in the steps before the form. */
export interface BookingSlot {
  scheduleId: number;
  date: string;
}

export const bookingDefaults: BookingForm = {
  payer: '',
  bpjsCardNo: '',
  referralNo: '',
  patientKind: 'existing',
  idKind: 'mrn',
  mrn: '',
  nik: '',
  name: '',
  birthDate: '',
  sex: '',
  address: '',
  phone: '',
};

export const bookingFieldNames = [
  'payer',
  'bpjsCardNo',
  'referralNo',
  'mrn',
  'nik',
  'name',
  'birthDate',
  'sex',
  'address',
  'phone',
] as const;
export type BookingFieldName = (typeof bookingFieldNames)[number];

/** The fields of the payer step; the others are on the patient step. */
export const payerFieldNames = ['payer', 'bpjsCardNo', 'referralNo'] as const satisfies BookingFieldName[];

function toRequest(values: BookingForm, slot: BookingSlot) {
  const birthDate = values.birthDate || undefined;
  const patient =
    values.patientKind === 'new'
      ? {
          newPatient: {
            nik: values.nik,
            name: values.name,
            birthDate,
            sex: values.sex || undefined,
            address: values.address,
          },
        }
      : { ...(values.idKind === 'mrn' ? { mrn: values.mrn } : { nik: values.nik }), birthDate };
  // An empty box is a missing number, which the contract names as such ("wajib diisi untuk pasien JKN").
  const jkn =
    values.payer === 'JKN'
      ? {
          bpjsCardNo: values.bpjsCardNo.trim() || undefined,
          referralNo: values.referralNo.trim() || undefined,
        }
      : {};
  return { ...slot, payer: values.payer || undefined, patient, phone: values.phone, ...jkn };
}

/** The form's field for a path of the request, e.g. `patient.newPatient.nik` → `nik`; null when it has none. */
function fieldOf(path: readonly PropertyKey[]): BookingFieldName | null {
  const last = String(path.at(-1));
  return bookingFieldNames.find((name) => name === last) ?? null;
}

/** The contract's schema of a booking, with its messages next to the form's own fields. */
export const bookingResolver: Resolver<BookingForm, BookingSlot, RegistrationRequest> = async (
  values,
  slot,
) => {
  const result = registrationRequestSchema.safeParse(toRequest(values, slot ?? { scheduleId: 0, date: '' }));
  const errors: FieldErrors<BookingForm> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const name = fieldOf(issue.path);
      if (name) errors[name] ??= { type: issue.code, message: issue.message };
      // The session and the date are chosen from lists; a refusal of them is not any box's fault.
      else errors.root ??= { request: { type: issue.code, message: issue.message } };
    }
  }
  // The contract reads a missing choice or date as a malformed one; these say what is missing.
  if (!values.payer)
    errors.payer = { type: 'required', message: i18n.t('payer.required', { ns: registrasiNs }) };
  if (!values.birthDate)
    errors.birthDate = {
      type: 'required',
      message: i18n.t('patient.birthDateRequired', { ns: registrasiNs }),
    };
  if (result.success && Object.keys(errors).length === 0) return { values: result.data, errors: {} };
  return { values: {}, errors };
};

/** The server's field names (`patient.newPatient.nik`) on the form's (`nik`). */
export function onFormFields(error: Error): Error {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields)) fields[fieldOf(key.split('.')) ?? key] = message;
  return new ApiError(error.status, { code: error.code, message: error.message, fields });
}
