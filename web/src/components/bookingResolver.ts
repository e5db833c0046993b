import type { Payer } from '@portal/contract/constants';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import i18n from '../i18n';
import { registrationNs } from '../i18n/registration';

// A booking form checked by the contract, whichever door the booking comes through (the website's steps, the
// counter's dialog).

/** Who pays, as the boxes hold it. */
export interface PayerForm {
  payer: Payer | '';
  bpjsCardNo: string;
  referralNo: string;
}

/** Who pays as a request says it; the card and referral numbers are a JKN booking's only. */
export function payerRequest(values: PayerForm) {
  // An empty box is a missing number, which the contract names as such ("wajib diisi untuk pasien JKN").
  const jkn =
    values.payer === 'JKN'
      ? {
          bpjsCardNo: values.bpjsCardNo.trim() || undefined,
          referralNo: values.referralNo.trim() || undefined,
        }
      : {};
  return { payer: values.payer || undefined, ...jkn };
}

/** The form's field for a path of the request, e.g. `patient.newPatient.nik` → `nik`; null when it has none. */
export function fieldOf<Name extends string>(
  path: readonly PropertyKey[],
  names: readonly Name[],
): Name | null {
  const last = String(path.at(-1));
  return names.find((name) => name === last) ?? null;
}

const required = (message: string) => ({ type: 'required', message });

/**
 * Checks a booking form by the contract's schema of its request, with the contract's messages next to the
 * form's own boxes. The choices made outside the boxes (the session, the date, the patient) come as the
 * form's context; a refusal of them is shown above the form.
 */
export function contractResolver<Form extends FieldValues & PayerForm, Context, Request>({
  schema,
  toRequest,
  fieldNames,
  missing = () => ({}),
}: {
  schema: z.ZodType<Request>;
  toRequest: (values: Form, context: Context | undefined) => unknown;
  fieldNames: readonly (keyof Form & string)[];
  /** The boxes left empty that the contract would call malformed, with what each is missing. */
  missing?: (values: Form) => Partial<Record<keyof Form & string, string>>;
}): Resolver<Form, Context, Request> {
  return async (values, context) => {
    const result = schema.safeParse(toRequest(values, context));
    const errors: Record<string, { type: string; message: string }> = {};
    let root: { type: string; message: string } | undefined;
    if (!result.success) {
      for (const issue of result.error.issues) {
        const name = fieldOf(issue.path, fieldNames);
        if (name) errors[name] ??= { type: issue.code, message: issue.message };
        else root ??= { type: issue.code, message: issue.message };
      }
    }
    if (!values.payer) errors.payer = required(i18n.t('payer.required', { ns: registrationNs }));
    for (const [name, message] of Object.entries(missing(values))) {
      if (message) errors[name] = required(message);
    }
    if (result.success && Object.keys(errors).length === 0) return { values: result.data, errors: {} };
    return {
      values: {},
      errors: { ...errors, ...(root ? { root: { request: root } } : {}) } as FieldErrors<Form>,
    };
  };
}
