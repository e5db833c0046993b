import type { ClinicSchedule, RegistrationCreated, RegistrationRequest } from '@portal/contract';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { type ComponentProps, type FormEvent, useId, useState } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useCreateRegistration } from '../../api/registration';
import type { Choice } from '../../components/BookingChoices';
import { FormField } from '../../components/FormField';
import { formControls } from '../../components/formControls';
import { PayerFields, RadioGroup } from '../../components/PayerFields';
import { applyServerErrors, isTooMany } from '../../components/serverErrors';
import { contractMessage } from '../../i18n/contractMessages';
import { hospitalDate } from '../../i18n/format';
import {
  type BookingForm,
  bookingFieldNames,
  type BookingSlot,
  onFormFields,
  payerFieldNames,
} from './bookingForm';
import { registrasiNs } from './i18n';
import { BackButton, BookingDetails, type Step, StepHeading, type StepProps } from './BookingStep';

/** Refusals that another session or date may avoid: the step to go back to for one. */
const retrySteps: Partial<Record<string, Step>> = { QUOTA_FULL: 'session', DATE_NOT_BOOKABLE: 'date' };

const isPayerField = (name: string) => payerFieldNames.some((field) => field === name);

interface BookingFormStepsProps extends StepProps {
  form: UseFormReturn<BookingForm, BookingSlot, RegistrationRequest>;
  step: 'payer' | 'patient';
  choice: Choice;
  session: ClinicSchedule;
  onStep: (step: Step) => void;
  onBooked: (ticket: RegistrationCreated) => void;
}

/** The last two steps, one form: who pays, then who the patient is; the booking is sent from the second. */
export function BookingFormSteps({
  heading,
  form,
  step,
  choice,
  session,
  onStep,
  onBooked,
}: BookingFormStepsProps) {
  const { t } = useTranslation(registrasiNs);
  const formId = useId();
  const create = useCreateRegistration();
  const [failure, setFailure] = useState<{ message: string; retry: Step | null } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setFocus,
    trigger,
    formState: { errors },
  } = form;
  const payer = useWatch({ control, name: 'payer' });
  const patientKind = useWatch({ control, name: 'patientKind' });
  const idKind = useWatch({ control, name: 'idKind' });

  const toPatientStep = async () => {
    if (await trigger(payerFieldNames)) onStep('patient');
  };

  const book = handleSubmit(
    (request) => {
      setFailure(null);
      create.mutate(request, {
        onSuccess: onBooked,
        onError: (error) => {
          // Too many bookings from the address, or too many wrong identities: the server says which, and when.
          if (isTooMany(error)) {
            setFailure({ message: error.message || t('tooMany'), retry: null });
            return;
          }
          const renamed = onFormFields(error);
          const message = applyServerErrors(renamed, bookingFieldNames, setError);
          if (renamed instanceof ApiError && Object.keys(renamed.fields ?? {}).some(isPayerField))
            onStep('payer');
          const retry = error instanceof ApiError ? (retrySteps[error.code] ?? null) : null;
          setFailure(message ? { message, retry } : null);
        },
      });
    },
    // The payer's boxes are on the step before; that is where their errors show. Otherwise the first box
    // wrong from the top takes the focus (the form's own choice follows the order the boxes first showed in).
    (invalid) => {
      if (Object.keys(invalid).some(isPayerField)) return onStep('payer');
      const first = bookingFieldNames.find((name) => invalid[name]);
      if (first) setFocus(first);
    },
  );

  const submit = (event: FormEvent) => {
    if (step === 'patient') return book(event);
    event.preventDefault();
    return toPatientStep();
  };

  const { field, control: input } = formControls(formId, register, errors);
  const rootMessage = errors.root?.request?.message;
  const formMessage = failure?.message ?? (rootMessage && contractMessage(rootMessage));

  return (
    <form className="form-grid" onSubmit={submit} noValidate>
      {step === 'payer' ? (
        <>
          <StepHeading heading={heading}>{t('payer.title')}</StepHeading>
          <BookingDetails choice={choice} />
          <PayerFields controls={{ register, field, control: input }} session={session} payer={payer} />
        </>
      ) : (
        <>
          <StepHeading heading={heading}>{t('patient.title')}</StepHeading>
          <BookingDetails choice={choice} payer={payer} />
          <RadioGroup
            id={`${formId}-patientKind`}
            legend={t('patient.kind')}
            registration={register('patientKind')}
            options={(['existing', 'new'] as const).map((kind) => ({
              value: kind,
              label: t(`patient.kinds.${kind}`),
            }))}
          />
          {patientKind === 'existing' ? (
            <>
              <RadioGroup
                id={`${formId}-idKind`}
                legend={t('patient.idKind')}
                registration={register('idKind')}
                inline
                options={(['mrn', 'nik'] as const).map((kind) => ({
                  value: kind,
                  label: t(`patient.idKinds.${kind}`),
                }))}
              />
              {idKind === 'mrn' ? (
                <FormField {...field('mrn')} label={t('patient.mrn')} help={t('patient.mrnHelp')}>
                  <input type="text" autoComplete="off" {...input('mrn', true)} />
                </FormField>
              ) : (
                <FormField {...field('nik')} label={t('patient.nik')} help={t('patient.nikHelp')}>
                  <input type="text" inputMode="numeric" autoComplete="off" {...input('nik', true)} />
                </FormField>
              )}
              <BirthDate field={field('birthDate')} input={input('birthDate')} />
            </>
          ) : (
            <>
              <FormField {...field('nik')} label={t('patient.nik')} help={t('patient.nikHelp')}>
                <input type="text" inputMode="numeric" autoComplete="off" {...input('nik', true)} />
              </FormField>
              <FormField {...field('name')} label={t('patient.name')}>
                <input type="text" autoComplete="name" {...input('name')} />
              </FormField>
              <BirthDate field={field('birthDate')} input={input('birthDate')} />
              <RadioGroup
                id={`${formId}-sex`}
                legend={t('patient.sex')}
                registration={register('sex')}
                error={errors.sex?.message}
                inline
                options={(['L', 'P'] as const).map((sex) => ({
                  value: sex,
                  label: t(`patient.sexes.${sex}`),
                }))}
              />
              <FormField {...field('address')} label={t('patient.address')}>
                <textarea rows={2} autoComplete="street-address" {...input('address')} />
              </FormField>
            </>
          )}
          <FormField {...field('phone')} label={t('patient.phone')} help={t('patient.phoneHelp')}>
            <input type="tel" inputMode="tel" autoComplete="tel" {...input('phone', true)} />
          </FormField>
        </>
      )}
      {formMessage && (
        <div>
          <Message className="form-message" severity="error" text={formMessage} />
          {failure?.retry && (
            <Button
              type="button"
              outlined
              label={t(failure.retry === 'date' ? 'chooseOtherDate' : 'chooseOther')}
              onClick={() => onStep(failure.retry ?? 'session')}
            />
          )}
        </div>
      )}
      <div className="reg-step-actions">
        <BackButton onBack={() => onStep(step === 'payer' ? 'session' : 'payer')} />
        {step === 'payer' ? (
          <Button type="submit" label={t('next')} icon="pi pi-arrow-right" iconPos="right" />
        ) : (
          <Button type="submit" label={t('submit')} icon="pi pi-check" loading={create.isPending} />
        )}
      </div>
    </form>
  );
}

function BirthDate({
  field,
  input,
}: {
  field: { id: string; error?: string };
  input: ComponentProps<'input'>;
}) {
  const { t } = useTranslation(registrasiNs);
  return (
    <FormField {...field} label={t('patient.birthDate')}>
      <input type="date" max={hospitalDate(new Date())} autoComplete="bday" {...input} />
    </FormField>
  );
}
