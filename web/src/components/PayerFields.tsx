import './forms.css';
import './booking.css';
import type { ClinicSchedule } from '@portal/contract';
import { type Payer, payers } from '@portal/contract/constants';
import type { ComponentProps, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contractMessage } from '../i18n/contractMessages';
import { registrationNs } from '../i18n/registration';
import { remainingFor } from './BookingChoices';
import { FormField } from './FormField';

/** The boxes of who pays, in any booking form that has them. */
export type PayerFieldName = 'payer' | 'bpjsCardNo' | 'referralNo';

/** What ties the payer's boxes to the form around them, as `formControls` makes it. */
export interface PayerControls {
  register: (name: 'payer') => UseFormRegisterReturn;
  field: (name: PayerFieldName) => { id: string; error?: string };
  control: (name: PayerFieldName, help?: boolean) => ComponentProps<'input'>;
}

/**
 * Who pays: JKN (BPJS Kesehatan), with the card and the referral, or the patient; a payer whose quota in
 * the session is used up cannot be chosen. `jkn` adds what else a JKN booking asks for at that door.
 */
export function PayerFields({
  controls: { register, field, control },
  session,
  payer,
  jkn,
}: {
  controls: PayerControls;
  session: ClinicSchedule;
  payer: Payer | '';
  jkn?: ReactNode;
}) {
  const { t } = useTranslation(registrationNs);
  return (
    <>
      <RadioGroup
        id={field('payer').id}
        legend={t('payer.label')}
        registration={register('payer')}
        error={field('payer').error}
        options={payers.map((option) => ({
          value: option,
          label: t(`payer.options.${option}`),
          note: remainingFor(session, option) === 0 ? t('payer.quotaFull') : undefined,
        }))}
      />
      {payer === 'JKN' && (
        <>
          <FormField {...field('bpjsCardNo')} label={t('payer.bpjsCardNo')} help={t('payer.bpjsCardNoHelp')}>
            <input type="text" inputMode="numeric" autoComplete="off" {...control('bpjsCardNo', true)} />
          </FormField>
          <FormField {...field('referralNo')} label={t('payer.referralNo')} help={t('payer.referralNoHelp')}>
            <input
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              {...control('referralNo', true)}
            />
          </FormField>
          {jkn}
        </>
      )}
    </>
  );
}

interface RadioOption {
  value: string;
  label: string;
  /** Why the option cannot be chosen; an option with a note is disabled. */
  note?: string;
}

export function RadioGroup({
  id,
  legend,
  registration,
  options,
  error,
  inline = false,
}: {
  id: string;
  legend: string;
  registration: UseFormRegisterReturn;
  options: RadioOption[];
  error?: string;
  inline?: boolean;
}) {
  return (
    <fieldset
      className={`form-choices reg-radios${inline ? ' reg-radios-inline' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="form-choice reg-radio">
          <input
            {...registration}
            type="radio"
            value={option.value}
            disabled={option.note !== undefined}
            aria-invalid={error !== undefined}
          />
          <span>
            {option.label}
            {option.note && <span className="reg-option-note">{` (${option.note})`}</span>}
          </span>
        </label>
      ))}
      {error && (
        <small id={`${id}-error`} className="p-error">
          {contractMessage(error)}
        </small>
      )}
    </fieldset>
  );
}
