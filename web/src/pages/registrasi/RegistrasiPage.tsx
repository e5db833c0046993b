import '../../i18n/zod';
import '../../components/forms.css';
import '../../components/orders.css';
import './registrasi.css';
import type { Clinic, ClinicSchedule, RegistrationCreated, RegistrationRequest } from '@portal/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../components/PageTitle';
import {
  type Choice,
  ClinicOptions,
  DateOptions,
  remainingFor,
  SessionOptions,
} from '../../components/BookingChoices';
import { BookingTicket } from '../../components/BookingTicket';
import { PrimeScope } from '../../components/PrimeScope';
import { useSentRecord } from '../../components/useSentRecord';
import { type BookingForm, bookingDefaults, bookingResolver, type BookingSlot } from './bookingForm';
import { BookingFormSteps } from './BookingFormSteps';
import { registrasiNs } from './i18n';
import { BackButton, BookingDetails, type Step, StepHeading, type StepProps, steps } from './BookingStep';

/** Outpatient registration: clinic, date, doctor's session, payer and patient, one step at a time; then the ticket. */
export default function RegistrasiPage() {
  const { t } = useTranslation(['translation', registrasiNs]);
  const {
    sent: ticket,
    show,
    another,
  } = useSentRecord<RegistrationCreated>('portal.registrasi.ticket', (created) => created.bookingCode);
  return (
    <PrimeScope>
      <PageTitle>{t('menu.registrasi')}</PageTitle>
      <div className="order-layout">
        <div className="card">
          {ticket ? <BookingTicket ticket={ticket} onAnother={another} /> : <Booking onBooked={show} />}
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

/**
 * The step in the browser's history entry (the phone's back button goes back a step, not off the page), and the
 * step whose entry is right before it when the wizard went forward from there.
 */
function stepsOf(state: unknown): { step: Step; from: Step | undefined } {
  const { step, from } = (state ?? {}) as { step?: unknown; from?: unknown };
  return {
    step: steps.find((name) => name === step) ?? 'clinic',
    from: steps.find((name) => name === from),
  };
}

/** The furthest step the choices made so far allow (after a reload the choices are gone, the step is not). */
function reachable(step: Step, choice: Choice): Step {
  if (step !== 'clinic' && !choice.clinic) return 'clinic';
  if (step !== 'clinic' && step !== 'date' && !choice.date) return 'date';
  if ((step === 'payer' || step === 'patient') && !choice.session) return 'session';
  return step;
}

function Booking({ onBooked }: { onBooked: (ticket: RegistrationCreated) => void }) {
  const { t } = useTranslation(registrasiNs);
  const location = useLocation();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<Choice>({ clinic: null, date: null, session: null });
  const history = stepsOf(location.state);
  const step = reachable(history.step, choice);
  const heading = useRef<HTMLHeadingElement>(null);
  // The step shown before: when it changes (a button, or the browser's back and forward), the new step's
  // heading takes the focus; not on the first view.
  const shown = useRef(step);
  const index = steps.indexOf(step);
  const form = useForm<BookingForm, BookingSlot, RegistrationRequest>({
    resolver: bookingResolver,
    context: choice.date && choice.session ? { scheduleId: choice.session.id, date: choice.date } : undefined,
    defaultValues: bookingDefaults,
    // BookingFormSteps focuses the first wrong box from the top.
    shouldFocusError: false,
  });

  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);

  const goTo = (next: Step) => {
    void navigate('.', { state: { step: next, from: step } });
  };
  // "Kembali" is the browser's back where the step before is the entry behind this one, so that the back
  // button afterwards does not return to the later step; otherwise (after a reload) it replaces this entry.
  const back =
    index > 0
      ? () => {
          const previous = steps[index - 1] as Step;
          if (history.step === step && history.from === previous) void navigate(-1);
          else void navigate('.', { state: { step: previous }, replace: true });
        }
      : undefined;

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

function ClinicStep({
  heading,
  selected,
  onChoose,
}: StepProps & { selected: Clinic | null; onChoose: (clinic: Clinic) => void }) {
  const { t } = useTranslation(registrasiNs);
  return (
    <section>
      <StepHeading heading={heading}>{t('clinic.title')}</StepHeading>
      <ClinicOptions selected={selected} onChoose={onChoose} />
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
  return (
    <section>
      <StepHeading heading={heading}>{t('date.title')}</StepHeading>
      <BookingDetails choice={choice} />
      <DateOptions clinic={clinic} selected={selected} onChoose={onChoose} />
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
  return (
    <section>
      <StepHeading heading={heading}>{t('session.title')}</StepHeading>
      <BookingDetails choice={choice} />
      <SessionOptions clinic={clinic} date={date} selected={selected} onChoose={onChoose} />
      <div className="reg-step-actions">
        <BackButton onBack={onBack} />
      </div>
    </section>
  );
}
