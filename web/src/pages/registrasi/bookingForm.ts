import { registrationRequestSchema, type RegistrationRequest } from '@portal/contract';
import { ApiError } from '../../api/client';
import { contractResolver, fieldOf, type PayerForm, payerRequest } from '../../components/bookingResolver';
import i18n from '../../i18n';
import { registrasiNs } from './i18n';

/** The payer and patient steps as the boxes hold them; the clinic, date and session are chosen before. */
export interface BookingForm extends PayerForm {
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
  return { ...slot, ...payerRequest(values), patient, phone: values.phone };
}

/** The contract's schema of a booking, with its messages next to the form's own fields. */
export const bookingResolver = contractResolver<BookingForm, BookingSlot, RegistrationRequest>({
  schema: registrationRequestSchema,
  toRequest: (values, slot) => toRequest(values, slot ?? { scheduleId: 0, date: '' }),
  fieldNames: bookingFieldNames,
  missing: (values) => ({
    birthDate: values.birthDate ? undefined : i18n.t('patient.birthDateRequired', { ns: registrasiNs }),
  }),
});

/** The server's field names (`patient.newPatient.nik`) on the form's (`nik`). */
export function onFormFields(error: Error): Error {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(error.fields))
    fields[fieldOf(key.split('.'), bookingFieldNames) ?? key] = message;
  return new ApiError(error.status, { code: error.code, message: error.message, fields });
}
