import '../../i18n/zod';
import '../../components/forms.css';
import '../../components/orders.css';
import './registrasi.css';
import type { Clinic, ClinicSchedule, RegistrationCreated, RegistrationRequest } from '@portal/contract';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClinics, useClinicSchedules, useRegistrationDates } from '../../api/registration';
import { PageTitle } from '../../components/PageTitle';
import { formatClock, formatDayDate } from '../../i18n/format';
import { PrimeScope } from '../../components/PrimeScope';
import { type BookingForm, bookingDefaults, bookingResolver, type BookingSlot } from './bookingForm';
import { BookingFormSteps } from './BookingFormSteps';
import { registrasiNs } from './i18n';
import {
  BackButton,
  BookingDetails,
  type Choice,
  isChoosable,
  remainingFor,
  type Step,
  StepHeading,
  type StepProps,
  steps,
} from './BookingStep';
import { Ticket } from './Ticket';

/** Outpatient registration: clinic, date, doctor's session, payer and patient, one step at a time; then the ticket. */
export default function RegistrasiPage() {
  const { t } = useTranslation(['translation', registrasiNs]);
  const [ticket, setTicket] = useState<RegistrationCreated | null>(null);
  return (
    <PrimeScope>
      <PageTitle>{t('menu.registrasi')}</PageTitle>
      <div className="order-layout">
        <div className="card">
          {ticket ? (
            <Ticket ticket={ticket} onAnother={() => setTicket(null)} />
          ) : (
            <Booking onBooked={setTicket} />
          )}
        </div>
        <aside className="card reg-aside" aria-labelledby="reg-aside">
          <h2 id="reg-aside">{t('registrasi:aside.title')}</h2>
          <p>
            <Link to="/registrasi/lacak">
              <i className="pi pi-search" aria-hidden="true" /> {t('registrasi:aside.track')}
            </Link>
          </p>
          <p>
            <Link to="/jadwal-dokter">
              <i className="pi pi-calendar" aria-hidden="true" /> {t('registrasi:aside.schedules')}
            </Link>
          </p>
          <p>
            <Link to="/papan-antrean">
              <i className="pi pi-desktop" aria-hidden="true" /> {t('registrasi:aside.board')}
            </Link>
            <br />
            <small className="form-help">{t('registrasi:aside.boardHelp')}</small>
          </p>
        </aside>
      </div>
    </PrimeScope>
  );
}

function Booking({ onBooked }: { onBooked: (ticket: RegistrationCreated) => void }) {
  const { t } = useTranslation(registrasiNs);
  const [step, setStep] = useState<Step>('clinic');
  const [choice, setChoice] = useState<Choice>({ clinic: null, date: null, session: null });
  const heading = useRef<HTMLHeadingElement>(null);
  // Set by a move between steps, not on the first view: the new step's heading then takes the focus.
  const moved = useRef(false);
  const index = steps.indexOf(step);
  const form = useForm<BookingForm, BookingSlot, RegistrationRequest>({
    resolver: bookingResolver,
    context: choice.date && choice.session ? { scheduleId: choice.session.id, date: choice.date } : undefined,
    defaultValues: bookingDefaults,
  });

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    heading.current?.focus();
  }, [step]);

  const goTo = (next: Step) => {
    moved.current = true;
    setStep(next);
  };
  const back = index > 0 ? () => goTo(steps[index - 1] as Step) : undefined;

  const chooseClinic = (clinic: Clinic) => {
    if (clinic.id !== choice.clinic?.id) setChoice({ clinic, date: null, session: null });
    goTo('date');
  };
  const chooseDate = (date: string) => {
    if (date !== choice.date) setChoice({ ...choice, date, session: null });
    goTo('session');
  };
  const chooseSession = (session: ClinicSchedule) => {
    setChoice({ ...choice, session });
    const payer = form.getValues('payer');
    if (payer && remainingFor(session, payer) === 0) form.setValue('payer', '');
    goTo('payer');
  };

  return (
    <>
      <p>{t('intro')}</p>
      <ol className="reg-steps" aria-label={t('steps.label')}>
        {steps.map((name, position) => (
          <li
            key={name}
            className={position < index ? 'is-done' : position === index ? 'is-current' : undefined}
            aria-current={position === index ? 'step' : undefined}
          >
            <span className="reg-step-number" aria-hidden="true">
              {position < index ? <i className="pi pi-check" /> : position + 1}
            </span>
            {t(`steps.${name}`)}
          </li>
        ))}
      </ol>
      <p className="form-help">{t('steps.progress', { step: index + 1, count: steps.length })}</p>
      {step === 'clinic' ? (
        <ClinicStep heading={heading} selected={choice.clinic} onChoose={chooseClinic} />
      ) : step === 'date' && choice.clinic ? (
        <DateStep
          heading={heading}
          choice={choice}
          clinic={choice.clinic}
          selected={choice.date}
          onChoose={chooseDate}
          onBack={back}
        />
      ) : step === 'session' && choice.clinic && choice.date ? (
        <SessionStep
          heading={heading}
          choice={choice}
          clinic={choice.clinic}
          date={choice.date}
          selected={choice.session}
          onChoose={chooseSession}
          onBack={back}
        />
      ) : choice.clinic && choice.date && choice.session ? (
        <BookingFormSteps
          heading={heading}
          form={form}
          step={step === 'payer' ? 'payer' : 'patient'}
          choice={choice}
          session={choice.session}
          onStep={goTo}
          onBooked={onBooked}
        />
      ) : null}
    </>
  );
}

/**
 * A step's choices as buttons, the chosen one pressed and the ones that cannot be chosen disabled; "loading"
 * until they have arrived, and `empty` when there are none.
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

function ClinicStep({
  heading,
  selected,
  onChoose,
}: StepProps & { selected: Clinic | null; onChoose: (clinic: Clinic) => void }) {
  const { t } = useTranslation(registrasiNs);
  const clinics = useClinics();
  return (
    <section>
      <StepHeading heading={heading}>{t('clinic.title')}</StepHeading>
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
    </section>
  );
}

function DateStep({
  heading,
  choice,
  clinic,
  selected,
  onChoose,
  onBack,
}: StepProps & {
  choice: Choice;
  clinic: Clinic;
  selected: string | null;
  onChoose: (date: string) => void;
}) {
  const { t } = useTranslation(registrasiNs);
  const dates = useRegistrationDates(clinic.id);
  return (
    <section>
      <StepHeading heading={heading}>{t('date.title')}</StepHeading>
      <BookingDetails choice={choice} />
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
            {!day.open && <span className="reg-option-note">{day.reason ?? t('date.closed')}</span>}
          </>
        )}
      </Options>
      <div className="reg-step-actions">
        <BackButton onBack={onBack} />
      </div>
    </section>
  );
}

function SessionStep({
  heading,
  choice,
  clinic,
  date,
  selected,
  onChoose,
  onBack,
}: StepProps & {
  choice: Choice;
  clinic: Clinic;
  date: string;
  selected: ClinicSchedule | null;
  onChoose: (session: ClinicSchedule) => void;
}) {
  const { t } = useTranslation(registrasiNs);
  const sessions = useClinicSchedules(clinic.id, date);
  return (
    <section>
      <StepHeading heading={heading}>{t('session.title')}</StepHeading>
      <BookingDetails choice={choice} />
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
              {t('session.hours', { start: formatClock(session.start), end: formatClock(session.end) })}
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
      <div className="reg-step-actions">
        <BackButton onBack={onBack} />
      </div>
    </section>
  );
}
