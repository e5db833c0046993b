import './orders.css';
import './booking.css';
import './print.css';
import type { RegistrationCreated } from '@portal/contract';
import { Button } from 'primereact/button';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, formatDayDate, formatTime, zoneLabel } from '../i18n/format';
import { registrationNs } from '../i18n/registration';
import { BookingQr } from './BookingQr';
import { LabelledValue } from './LabelledValue';
import { LinkButton } from './LinkButton';

export function bookingStatusPath(code: string): string {
  return `/registrasi/lacak?${new URLSearchParams({ kode: code })}`;
}

/**
 * The booking as a ticket to print or photograph: the queue number large, the booking code for check-in
 * (also as a QR code for the lobby kiosk), and what to bring. The print style sheet (booking.css) leaves everything else off the paper. `onAnother`
 * offers to book again (the website; the counter's dialog is closed instead).
 */
export function BookingTicket({
  ticket,
  onAnother,
}: {
  ticket: RegistrationCreated;
  onAnother?: () => void;
}) {
  const { t } = useTranslation(['translation', registrationNs]);
  const heading = useRef<HTMLHeadingElement>(null);

  // The form the ticket replaces had the focus; a screen reader now starts reading at the ticket.
  useEffect(() => heading.current?.focus(), []);

  return (
    <section className="reg-ticket print-alone" aria-labelledby="reg-ticket-title">
      <p className="reg-ticket-hospital">{t('app.hospitalName')}</p>
      <h2 id="reg-ticket-title" ref={heading} tabIndex={-1}>
        {t('registration:ticket.title')}
      </h2>
      <LabelledValue
        label={t('registration:ticket.queueNumber')}
        labelClassName="reg-ticket-label"
        className="reg-ticket-number"
      >
        {ticket.queueNumber}
      </LabelledValue>
      <LabelledValue
        label={t('registration:ticket.bookingCode')}
        labelClassName="reg-ticket-label"
        className="order-code reg-ticket-code"
      >
        {ticket.bookingCode}
      </LabelledValue>
      <BookingQr
        value={ticket.bookingCode}
        label={t('registration:ticket.qr', { code: ticket.bookingCode })}
      />
      <dl className="order-details reg-ticket-details">
        <dt>{t('registration:ticket.patient')}</dt>
        <dd>{ticket.patientName}</dd>
        <dt>{t('registration:ticket.mrn')}</dt>
        <dd>{ticket.mrn}</dd>
        <dt>{t('registration:ticket.clinic')}</dt>
        <dd>{ticket.clinic.name}</dd>
        <dt>{t('registration:ticket.doctor')}</dt>
        <dd>{ticket.doctor.name}</dd>
        <dt>{t('registration:ticket.date')}</dt>
        <dd>{formatDayDate(ticket.date)}</dd>
        <dt>{t('registration:ticket.hours')}</dt>
        <dd>
          {t('registration:ticket.hoursValue', {
            start: formatClock(ticket.start),
            end: formatClock(ticket.end),
            zone: zoneLabel(),
          })}
        </dd>
        <dt>{t('registration:ticket.estimatedAt')}</dt>
        <dd>
          {t('registration:ticket.estimatedValue', {
            time: formatTime(ticket.estimatedAt),
            zone: zoneLabel(),
          })}
        </dd>
        <dt>{t('registration:ticket.payer')}</dt>
        <dd>{t(`registration:payers.${ticket.payer}`)}</dd>
      </dl>
      {ticket.newPatient && (
        <p className="reg-ticket-notice">
          <i className="pi pi-id-card" aria-hidden="true" /> {t('registration:ticket.newPatient')}
        </p>
      )}
      {ticket.payer === 'JKN' && <p>{t('registration:ticket.jkn')}</p>}
      <p>{t('registration:ticket.arrive')}</p>
      <p className="form-help">{t('registration:ticket.bookingCodeHelp')}</p>
      <p className="order-actions reg-no-print">
        <Button
          type="button"
          icon="pi pi-print"
          label={t('registration:ticket.print')}
          onClick={() => window.print()}
        />
        <LinkButton
          outlined
          to={bookingStatusPath(ticket.bookingCode)}
          label={t('registration:ticket.status')}
        />
        {onAnother && (
          <Button type="button" text label={t('registration:ticket.another')} onClick={onAnother} />
        )}
      </p>
    </section>
  );
}
