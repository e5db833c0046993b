import './registrasi.css';
import type { RegistrationStatusView } from '@portal/contract';
import type { RegistrationStatus } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRegistrationAction, useRegistrationStatus } from '../../api/registration';
import { CheckedInNext } from '../../components/CheckedInNext';
import { SurveyLink } from '../../components/SurveyLink';
import { TrackingPage } from '../../components/TrackingPage';
import { errorText } from '../../components/serverErrors';
import { useConfirm } from '../../components/useConfirm';
import { useSuccessToast } from '../../components/useSuccessToast';
import { formatClock, formatDayDate, formatTime, hospitalDate, zoneLabel } from '../../i18n/format';
import { registrationNs } from '../../i18n/registration';
import { registrasiNs } from './i18n';

const statusSeverity: Record<RegistrationStatus, 'info' | 'success' | 'warning' | 'danger' | null> = {
  BOOKED: 'info',
  CHECKED_IN: null,
  CALLED: 'warning',
  SERVED: 'success',
  CANCELLED: 'danger',
  NO_SHOW: 'danger',
};

/** The public status page of a booking: the booking code alone opens it (`?kode=`). */
export default function LacakRegistrasiPage() {
  return (
    <TrackingPage ns={registrasiNs} useStatus={useRegistrationStatus} withPhone={false}>
      {(view) => <BookingStatus view={view} />}
    </TrackingPage>
  );
}

function BookingStatus({ view }: { view: RegistrationStatusView }) {
  const { t } = useTranslation([registrasiNs, registrationNs]);
  const { toast, show } = useSuccessToast();
  const checkIn = useRegistrationAction(view.bookingCode, 'check-in');
  const cancel = useRegistrationAction(view.bookingCode, 'cancel');
  const confirm = useConfirm();
  const [failure, setFailure] = useState<string | null>(null);
  const today = hospitalDate(new Date());
  const waiting = view.status === 'BOOKED' || view.status === 'CHECKED_IN';
  const active = waiting || view.status === 'CALLED';
  const canCheckIn = view.status === 'BOOKED' && view.date === today;
  const canCancel = view.status === 'BOOKED' && view.date >= today;
  const onError = (error: Error) => setFailure(errorText(error));
  // Checking in or cancelling takes its button away: the focus goes to the booking's heading, above its new
  // status, rather than to the page's body.
  const heading = useRef<HTMLHeadingElement>(null);
  const done = (message: string) => {
    show(message);
    heading.current?.focus();
  };

  const doCheckIn = () => {
    setFailure(null);
    checkIn.mutate(undefined, {
      onSuccess: (next) => done(t('track.checkedIn', { number: next.queueNumber })),
      onError,
    });
  };
  const doCancel = () => {
    setFailure(null);
    cancel.mutate(undefined, {
      onSuccess: (next) => done(t('track.cancelled', { number: next.queueNumber })),
      onError,
    });
  };

  return (
    <section aria-labelledby="reg-status-title">
      {toast}
      <h2 id="reg-status-title" ref={heading} tabIndex={-1}>
        {view.queueNumber} · {view.clinic.name}
      </h2>
      <p className="order-status">
        {t('track.status')}:{' '}
        <Tag
          severity={statusSeverity[view.status]}
          value={t(`registration:statuses.${view.status}`)}
          data-testid="reg-status"
        />
      </p>
      {view.status === 'CALLED' && (
        <Message
          className="form-message"
          severity="warn"
          text={t('track.called', { clinic: view.clinic.name })}
        />
      )}
      <SurveyLink token={view.survey} />
      <dl className="order-details">
        <dt>{t('track.code')}</dt>
        <dd>{view.bookingCode}</dd>
        <dt>{t('track.queueNumber')}</dt>
        <dd className="reg-status-number">{view.queueNumber}</dd>
        <dt>{t('track.clinic')}</dt>
        <dd>{view.clinic.name}</dd>
        <dt>{t('track.doctor')}</dt>
        <dd>{view.doctor.name}</dd>
        <dt>{t('track.date')}</dt>
        <dd>{formatDayDate(view.date)}</dd>
        <dt>{t('track.hours')}</dt>
        <dd>
          {t('registration:ticket.hoursValue', {
            start: formatClock(view.start),
            end: formatClock(view.end),
            zone: zoneLabel(),
          })}
        </dd>
        <dt>{t('track.payer')}</dt>
        <dd>{t(`registration:payers.${view.payer}`)}</dd>
        {waiting && (
          <>
            <dt>{t('track.estimatedAt')}</dt>
            <dd>
              {t('registration:ticket.estimatedValue', {
                time: formatTime(view.estimatedAt),
                zone: zoneLabel(),
              })}
            </dd>
            <dt>{t('track.waitingAhead')}</dt>
            <dd>{t('track.waitingAheadValue', { count: view.waitingAhead })}</dd>
          </>
        )}
        {active && (
          <>
            <dt>{t('track.serving')}</dt>
            <dd>{view.serving ?? t('track.noneServing')}</dd>
          </>
        )}
      </dl>
      {view.status === 'BOOKED' && view.date > today && (
        <p>{t('track.checkInHint', { date: formatDayDate(view.date) })}</p>
      )}
      {view.status === 'CHECKED_IN' && <CheckedInNext booking={view} />}
      {failure && <Message className="form-message" severity="error" text={failure} />}
      {(canCheckIn || canCancel) && (
        <p className="order-actions">
          {canCheckIn && (
            <Button
              type="button"
              icon="pi pi-sign-in"
              label={t('track.checkIn')}
              loading={checkIn.isPending}
              onClick={doCheckIn}
            />
          )}
          {canCancel && (
            <Button
              type="button"
              severity="danger"
              outlined
              icon="pi pi-times"
              label={t('track.cancel')}
              loading={cancel.isPending}
              onClick={() =>
                confirm.ask({
                  header: t('track.cancelTitle'),
                  message: t('track.cancelMessage', {
                    number: view.queueNumber,
                    clinic: view.clinic.name,
                    date: formatDayDate(view.date),
                  }),
                  acceptLabel: t('track.cancelAccept'),
                  rejectLabel: t('track.cancelReject'),
                  danger: true,
                  accept: doCancel,
                })
              }
            />
          )}
        </p>
      )}
      {active && <p className="form-help">{t('track.refresh')}</p>}
      <p>
        <Link to="/papan-antrean">
          <i className="pi pi-desktop" aria-hidden="true" /> {t('track.board')}
        </Link>
      </p>
      {confirm.dialog}
    </section>
  );
}
