import '../i18n/zod';
import './CounterBookingDialog.css';
import {
  type ClinicSchedule,
  compactNumber,
  type DeskRegistrationRequest,
  deskRegistrationRequestSchema,
  type RegistrationCreated,
  visitTypes,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCreateDeskRegistration } from '../api/registration';
import { type Choice, ClinicOptions, DateOptions, remainingFor, SessionOptions } from './BookingChoices';
import { BookingTicket } from './BookingTicket';
import { contractResolver, type PayerForm, payerRequest } from './bookingResolver';
import { FormDialog } from './FormDialog';
import { FormField } from './FormField';
import { described, formControls, inputClass } from './formControls';
import { PayerFields } from './PayerFields';
import { applyServerErrors } from './serverErrors';
import { registrationNs } from '../i18n/registration';
import { contractMessage } from '../i18n/contractMessages';
import { useReturnFocus } from './useReturnFocus';

/** The patient a clerk books for: found at the counter or just registered there. */
export interface CounterPatient {
  id: number;
  name: string;
  mrn: string;
  phone: string | null;
  /** The card number on record: a JKN booking starts from it. */
  insuranceNo: string | null;
}

/** The record's insurance number where it is a BPJS card's (13 digits), to start a JKN booking from. */
const bpjsCardOf = (patient: CounterPatient) => {
  const digits = compactNumber(patient.insuranceNo ?? '');
  return /^\d{13}$/.test(digits) ? digits : '';
};

interface CounterBookingForm extends PayerForm {
  /** BPJS `jeniskunjungan` as the select holds it ('1'…'4'); a JKN booking's only. */
  visitType: string;
  phone: string;
}

/** The choices made outside the boxes: who, and which session on which day. */
interface CounterSlot {
  patientId: number;
  scheduleId: number | null;
  date: string | null;
}

const fieldNames = ['payer', 'bpjsCardNo', 'referralNo', 'visitType', 'phone'] as const;

const resolver = contractResolver<CounterBookingForm, CounterSlot, DeskRegistrationRequest>({
  schema: deskRegistrationRequestSchema,
  toRequest: (values, slot) => {
    const payer = payerRequest(values);
    return {
      patientId: slot?.patientId,
      scheduleId: slot?.scheduleId ?? undefined,
      date: slot?.date ?? undefined,
      ...payer,
      ...(payer.payer === 'JKN' ? { visitType: Number(values.visitType) } : {}),
      // An empty box: the phone of the patient's record.
      phone: values.phone.trim() || undefined,
    };
  },
  fieldNames,
});

/**
 * Books a patient at the registration counter, through the website's engine: clinic, day, doctor's session
 * with the places left, and who pays; then the website's ticket, to print for the patient.
 */
export function CounterBookingDialog({ patient, onClose }: { patient: CounterPatient; onClose: () => void }) {
  const [ticket, setTicket] = useState<RegistrationCreated | null>(null);
  return ticket ? (
    <TicketDialog ticket={ticket} onClose={onClose} />
  ) : (
    <BookingDialog patient={patient} onClose={onClose} onBooked={setTicket} />
  );
}

function BookingDialog({
  patient,
  onClose,
  onBooked,
}: {
  patient: CounterPatient;
  onClose: () => void;
  onBooked: (ticket: RegistrationCreated) => void;
}) {
  const { t } = useTranslation(registrationNs);
  const formId = useId();
  const ids = { clinic: useId(), date: useId(), session: useId(), payer: useId() };
  const [choice, setChoice] = useState<Choice>({ clinic: null, date: null, session: null });
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateDeskRegistration(patient.id);
  const form = useForm<CounterBookingForm, CounterSlot, DeskRegistrationRequest>({
    resolver,
    context: { patientId: patient.id, scheduleId: choice.session?.id ?? null, date: choice.date },
    defaultValues: {
      payer: '',
      bpjsCardNo: bpjsCardOf(patient),
      referralNo: '',
      visitType: '1',
      phone: patient.phone ?? '',
    },
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const payer = useWatch({ control, name: 'payer' });
  const { field, control: input } = formControls(formId, register, errors);

  const chooseClinic = (clinic: NonNullable<Choice['clinic']>) => {
    if (clinic.id !== choice.clinic?.id) setChoice({ clinic, date: null, session: null });
  };
  const chooseDate = (date: string) => {
    if (date !== choice.date) setChoice({ ...choice, date, session: null });
  };
  const chooseSession = (session: ClinicSchedule) => {
    setChoice({ ...choice, session });
    const chosen = form.getValues('payer');
    if (chosen && remainingFor(session, chosen) === 0) form.setValue('payer', '');
  };

  const submit = handleSubmit((request) => {
    setFailure(null);
    create.mutate(request, {
      onSuccess: onBooked,
      onError: (error) => setFailure(applyServerErrors(error, fieldNames, setError)),
    });
  });

  // Without a session the contract's complaint (a malformed id) says less than what is missing.
  const rootError = errors.root?.request?.message;
  const formError =
    failure ??
    (rootError && !choice.session ? t('counter.chooseFirst') : rootError ? contractMessage(rootError) : null);

  return (
    <FormDialog
      title={t('counter.title')}
      formId={formId}
      formError={formError}
      saving={create.isPending}
      onClose={onClose}
      onSubmit={submit}
      className="counter-booking-dialog"
      saveLabel={t('counter.submit')}
      intro={
        <p className="counter-patient">{t('counter.patient', { name: patient.name, mrn: patient.mrn })}</p>
      }
    >
      <section aria-labelledby={ids.clinic}>
        <h3 id={ids.clinic}>{t('counter.clinic')}</h3>
        <ClinicOptions selected={choice.clinic} onChoose={chooseClinic} />
      </section>
      {choice.clinic && (
        <section aria-labelledby={ids.date}>
          <h3 id={ids.date}>{t('counter.date')}</h3>
          <DateOptions clinic={choice.clinic} selected={choice.date} onChoose={chooseDate} />
        </section>
      )}
      {choice.clinic && choice.date && (
        <section aria-labelledby={ids.session}>
          <h3 id={ids.session}>{t('counter.session')}</h3>
          <SessionOptions
            clinic={choice.clinic}
            date={choice.date}
            selected={choice.session}
            onChoose={chooseSession}
          />
        </section>
      )}
      {choice.session && (
        <section aria-labelledby={ids.payer} className="form-grid">
          <h3 id={ids.payer}>{t('counter.payer')}</h3>
          <PayerFields
            controls={{ register, field, control: input }}
            session={choice.session}
            payer={payer}
            jkn={
              <FormField {...field('visitType')} label={t('counter.visitType')}>
                <select
                  id={field('visitType').id}
                  className={inputClass(errors.visitType)}
                  {...described(field('visitType').id, errors.visitType)}
                  {...register('visitType')}
                >
                  {visitTypes.map((type) => (
                    <option key={type} value={type}>
                      {t(`counter.visitTypes.${type}`)}
                    </option>
                  ))}
                </select>
              </FormField>
            }
          />
          <FormField {...field('phone')} label={t('counter.phone')} help={t('counter.phoneHelp')}>
            <input type="tel" inputMode="tel" autoComplete="off" {...input('phone', true)} />
          </FormField>
        </section>
      )}
    </FormDialog>
  );
}

/** The booking's ticket, with the website's print button. */
function TicketDialog({ ticket, onClose }: { ticket: RegistrationCreated; onClose: () => void }) {
  useReturnFocus();
  const { t } = useTranslation(registrationNs);
  return (
    <Dialog
      visible
      onHide={onClose}
      header={t('counter.booked')}
      className="form-dialog counter-ticket-dialog"
      draggable={false}
      resizable={false}
      footer={<Button type="button" label={t('counter.done')} onClick={onClose} />}
    >
      <BookingTicket ticket={ticket} />
    </Dialog>
  );
}
