import type { Payer } from '@portal/contract/constants';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Choice } from '../../components/BookingChoices';
import { formatClock, formatDayDate, zoneLabel } from '../../i18n/format';
import { registrationNs } from '../../i18n/registration';
import { registrasiNs } from './i18n';

export const steps = ['clinic', 'date', 'session', 'payer', 'patient'] as const;
export type Step = (typeof steps)[number];

export interface StepProps {
  /** The step's heading, which takes the focus when the step opens. */
  heading: RefObject<HTMLHeadingElement | null>;
  onBack?: () => void;
}

export function StepHeading({ heading, children }: { heading: StepProps['heading']; children: string }) {
  return (
    <h2 ref={heading} tabIndex={-1} className="reg-step-title">
      {children}
    </h2>
  );
}

export function BackButton({ onBack }: { onBack?: () => void }) {
  const { t } = useTranslation(registrasiNs);
  if (!onBack) return null;
  return (
    <button type="button" className="p-button p-component p-button-text" onClick={onBack}>
      <i className="pi pi-arrow-left" aria-hidden="true" />
      <span className="reg-button-label">{t('back')}</span>
    </button>
  );
}

/** What has been chosen so far, so that each step is taken knowing the ones before. */
export function BookingDetails({ choice, payer }: { choice: Choice; payer?: Payer | '' }) {
  const { t } = useTranslation([registrationNs, registrasiNs]);
  const { clinic, date, session } = choice;
  return (
    <dl className="order-details reg-chosen" aria-label={t('registrasi:summary.title')}>
      {clinic && (
        <>
          <dt>{t('ticket.clinic')}</dt>
          <dd>{clinic.name}</dd>
        </>
      )}
      {date && (
        <>
          <dt>{t('ticket.date')}</dt>
          <dd>{formatDayDate(date)}</dd>
        </>
      )}
      {session && (
        <>
          <dt>{t('ticket.doctor')}</dt>
          <dd>{session.doctor.name}</dd>
          <dt>{t('ticket.hours')}</dt>
          <dd>
            {t('ticket.hoursValue', {
              start: formatClock(session.start),
              end: formatClock(session.end),
              zone: zoneLabel(),
            })}
          </dd>
        </>
      )}
      {payer && (
        <>
          <dt>{t('ticket.payer')}</dt>
          <dd>{t(`payers.${payer}`)}</dd>
        </>
      )}
    </dl>
  );
}
