import type { RegistrationCreated } from '@portal/contract';
import { Button } from 'primereact/button';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LabelledValue } from '../../components/LabelledValue';
import { formatClock, formatDayDate, formatTime } from '../../i18n/format';
import { registrasiNs } from './i18n';

export function bookingStatusPath(code: string): string {
  return `/registrasi/lacak?${new URLSearchParams({ kode: code })}`;
}

/**
 * The booking as a ticket to print or photograph: the queue number large, the booking code for check-in,
 * and what to bring. The print style sheet (registrasi.css) leaves everything else off the paper.
 */
export function Ticket({ ticket, onAnother }: { ticket: RegistrationCreated; onAnother: () => void }) {
  const { t } = useTranslation(['translation', registrasiNs]);
  const heading = useRef<HTMLHeadingElement>(null);

  // The form the ticket replaces had the focus; a screen reader now starts reading at the ticket.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="reg-ticket" aria-labelledby="reg-ticket-title">
      <p className="reg-ticket-hospital">{t('app.hospitalName')}</p>
      <h2 id="reg-ticket-title" ref={heading} tabIndex={-1}>
        {t('registrasi:ticket.title')}
      </h2>
      <LabelledValue
        label={t('registrasi:ticket.queueNumber')}
        labelClassName="reg-ticket-label"
        className="reg-ticket-number"
      >
        {ticket.queueNumber}
      </LabelledValue>
      <LabelledValue
        label={t('registrasi:ticket.bookingCode')}
        labelClassName="reg-ticket-label"
        className="order-code reg-ticket-code"
      >
        {ticket.bookingCode}
      </LabelledValue>
      <dl className="order-details reg-ticket-details">
        <dt>{t('registrasi:ticket.patient')}</dt>
        <dd>{ticket.patientName}</dd>
        <dt>{t('registrasi:ticket.mrn')}</dt>
        <dd>{ticket.mrn}</dd>
        <dt>{t('registrasi:ticket.clinic')}</dt>
        <dd>{ticket.clinic.name}</dd>
        <dt>{t('registrasi:ticket.doctor')}</dt>
        <dd>{ticket.doctor.name}</dd>
        <dt>{t('registrasi:ticket.date')}</dt>
        <dd>{formatDayDate(ticket.date)}</dd>
        <dt>{t('registrasi:ticket.hours')}</dt>
        <dd>
          {t('registrasi:ticket.hoursValue', {
            start: formatClock(ticket.start),
            end: formatClock(ticket.end),
          })}
        </dd>
        <dt>{t('registrasi:ticket.estimatedAt')}</dt>
        <dd>{t('registrasi:ticket.estimatedValue', { time: formatTime(ticket.estimatedAt) })}</dd>
        <dt>{t('registrasi:ticket.payer')}</dt>
        <dd>{t(`registrasi:payers.${ticket.payer}`)}</dd>
      </dl>
      {ticket.newPatient && (
        <p className="reg-ticket-notice">
          <i className="pi pi-id-card" aria-hidden="true" /> {t('registrasi:ticket.newPatient')}
        </p>
      )}
      {ticket.payer === 'JKN' && <p>{t('registrasi:ticket.jkn')}</p>}
      <p>{t('registrasi:ticket.arrive')}</p>
      <p className="form-help">{t('registrasi:ticket.bookingCodeHelp')}</p>
      <p className="order-actions reg-no-print">
        <Button
          type="button"
          icon="pi pi-print"
          label={t('registrasi:ticket.print')}
          onClick={() => window.print()}
        />
        <Link className="p-button p-component p-button-outlined" to={bookingStatusPath(ticket.bookingCode)}>
          {t('registrasi:ticket.status')}
        </Link>
        <Button type="button" text label={t('registrasi:ticket.another')} onClick={onAnother} />
      </p>
    </section>
  );
}
