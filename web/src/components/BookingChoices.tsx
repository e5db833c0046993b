import './forms.css';
import './booking.css';
import type { Clinic, ClinicSchedule } from '@portal/contract';
import type { Payer } from '@portal/contract/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useClinics, useClinicSchedules, useRegistrationDates } from '../api/registration';
import { contractMessage } from '../i18n/contractMessages';
import { formatClock, formatDayDate, zoneLabel } from '../i18n/format';
import { registrationNs } from '../i18n/registration';

// The choices of a booking, whichever door it comes through (the website's steps, the counter's dialog): the
// clinic, a day of its booking window, and a doctor's session with the places left.

/** What has been chosen so far. */
export interface Choice {
  clinic: Clinic | null;
  date: string | null;
  session: ClinicSchedule | null;
}

/** A session can be booked while it has not ended and has quota left for at least one payer. */
export function isChoosable(session: ClinicSchedule): boolean {
  return session.bookable && (session.remainingJkn > 0 || session.remainingNonJkn > 0);
}

/** The places left in a session for a payer: JKN has its own quota, everyone else shares the other. */
export function remainingFor(session: ClinicSchedule, payer: Payer): number {
  return payer === 'JKN' ? session.remainingJkn : session.remainingNonJkn;
}

/**
 * Choices as buttons, the chosen one pressed and the ones that cannot be chosen disabled; "loading" until
 * they have arrived, and `empty` when there are none.
 */
function Options<Item>({
  items,
  empty,
  className,
  keyOf,
  isChosen,
  isOpen = () => true,
  onChoose,
  children,
}: {
  items: readonly Item[] | undefined;
  empty?: string;
  className: string;
  keyOf: (item: Item) => string | number;
  isChosen: (item: Item) => boolean;
  isOpen?: (item: Item) => boolean;
  onChoose: (item: Item) => void;
  children: (item: Item) => ReactNode;
}) {
  const { t } = useTranslation();
  if (!items) return <p>{t('common.loading')}</p>;
  if (items.length === 0 && empty) return <p>{empty}</p>;
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={keyOf(item)}>
          <button
            type="button"
            className="reg-option"
            aria-pressed={isChosen(item)}
            disabled={!isOpen(item)}
            onClick={() => onChoose(item)}
          >
            {children(item)}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The clinics that take bookings. */
export function ClinicOptions({
  selected,
  onChoose,
}: {
  selected: Clinic | null;
  onChoose: (clinic: Clinic) => void;
}) {
  const { t } = useTranslation(registrationNs);
  const clinics = useClinics();
  return (
    <Options
      items={clinics.data}
      empty={t('clinic.empty')}
      className="reg-options"
      keyOf={(clinic) => clinic.id}
      isChosen={(clinic) => selected?.id === clinic.id}
      onChoose={onChoose}
    >
      {(clinic) => <span className="reg-option-title">{clinic.name}</span>}
    </Options>
  );
}

/** The days of a clinic's booking window; a day without service says why. */
export function DateOptions({
  clinic,
  selected,
  onChoose,
}: {
  clinic: Clinic;
  selected: string | null;
  onChoose: (date: string) => void;
}) {
  const { t } = useTranslation(registrationNs);
  const dates = useRegistrationDates(clinic.id);
  return (
    <>
      <p className="form-help">{t('date.hint')}</p>
      {dates.data && !dates.data.some((day) => day.open) && <p>{t('date.empty')}</p>}
      <Options
        items={dates.data}
        className="reg-options reg-dates"
        keyOf={(day) => day.date}
        isChosen={(day) => selected === day.date}
        isOpen={(day) => day.open}
        onChoose={(day) => onChoose(day.date)}
      >
        {(day) => (
          <>
            <span className="reg-option-title">{formatDayDate(day.date)}</span>
            {!day.open && (
              <span className="reg-option-note">
                {day.reason ? contractMessage(day.reason) : t('date.closed')}
              </span>
            )}
          </>
        )}
      </Options>
    </>
  );
}

/** The doctors' sessions of a clinic on a date, with the places left per payer. */
export function SessionOptions({
  clinic,
  date,
  selected,
  onChoose,
}: {
  clinic: Clinic;
  date: string;
  selected: ClinicSchedule | null;
  onChoose: (session: ClinicSchedule) => void;
}) {
  const { t } = useTranslation(registrationNs);
  const sessions = useClinicSchedules(clinic.id, date);
  return (
    <Options
      items={sessions.data}
      empty={t('session.empty')}
      className="reg-options reg-sessions"
      keyOf={(session) => session.id}
      isChosen={(session) => selected?.id === session.id}
      isOpen={isChoosable}
      onChoose={onChoose}
    >
      {(session) => (
        <>
          <span className="reg-option-title">{session.doctor.name}</span>
          <span>
            {t('session.hours', {
              start: formatClock(session.start),
              end: formatClock(session.end),
              zone: zoneLabel(),
            })}
          </span>
          <span className={session.remainingJkn === 0 ? 'reg-quota is-empty' : 'reg-quota'}>
            {t('session.quotaJkn', { remaining: session.remainingJkn, quota: session.quotaJkn })}
          </span>
          <span className={session.remainingNonJkn === 0 ? 'reg-quota is-empty' : 'reg-quota'}>
            {t('session.quotaNonJkn', { remaining: session.remainingNonJkn, quota: session.quotaNonJkn })}
          </span>
          {!session.bookable ? (
            <span className="reg-option-note">{t('session.ended')}</span>
          ) : (
            !isChoosable(session) && <span className="reg-option-note">{t('session.full')}</span>
          )}
        </>
      )}
    </Options>
  );
}
