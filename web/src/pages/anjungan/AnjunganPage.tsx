import './AnjunganPage.css';
import type {
  AdmissionTicket,
  AdmissionTicketKind,
  KioskSep,
  RegistrationStatusView,
} from '@portal/contract';
import { admissionTicketKinds } from '@portal/contract';
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { CheckedInNext } from '../../components/CheckedInNext';
import { CheckInRefused, useAdmissionTicket, useKioskCheckIn, useKioskSep } from '../../api/kiosk';
import { useLogin } from '../../api/session';
import { HospitalTime } from '../../components/HospitalTime';
import { SepSheet } from '../../components/SepSheet';
import { formatDayDate, formatTime, zoneLabel } from '../../i18n/format';
import { anjunganNs } from './i18n';
import {
  displayCode,
  hasCamera,
  KEYPAD_KEYS,
  KIOSK_IDLE_MS,
  normaliseBookingCode,
  typedCode,
  useIdleReset,
} from './kiosk';
import { QrScanner } from './QrScanner';

type Screen =
  | { name: 'start' }
  | { name: 'code' }
  | { name: 'scan' }
  | { name: 'walkInKind' }
  | { name: 'checkedIn'; booking: RegistrationStatusView }
  | { name: 'refused'; title: 'checkIn' | 'walkIn'; message: string }
  | { name: 'walkIn'; ticket: AdmissionTicket }
  | { name: 'exit' };

/** A big button of the kiosk: a touch target far above 48 px. */
function KioskButton({
  children,
  onClick,
  variant = 'primary',
  type = 'button',
  disabled,
  label,
}: {
  children: ReactNode;
  onClick?: () => void;
  variant?: 'primary' | 'secondary' | 'quiet';
  type?: 'button' | 'submit';
  disabled?: boolean;
  label?: string;
}) {
  return (
    <button
      type={type}
      className={`kiosk-button is-${variant}`}
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
    >
      {children}
    </button>
  );
}

/** The code typed on the on-screen keypad (or a keyboard), sent for check-in when it is complete. */
function CodeEntry({
  onSubmit,
  onScan,
  onBack,
  busy,
}: {
  onSubmit: (code: string) => void;
  onScan: (() => void) | null;
  onBack: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation(anjunganNs);
  const [typed, setTyped] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const change = (next: string) => {
    setTyped(typedCode(next));
    setIncomplete(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normaliseBookingCode(typed);
    if (code) onSubmit(code);
    else setIncomplete(true);
  };

  return (
    <form className="kiosk-panel" onSubmit={submit} noValidate>
      <h2>{t('code.title')}</h2>
      <label className="kiosk-code-label" htmlFor="kiosk-code">
        {t('code.label')}
      </label>
      <input
        ref={input}
        id="kiosk-code"
        className="kiosk-code-input"
        value={displayCode(typed)}
        onChange={(event) => change(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        inputMode="none"
        aria-describedby="kiosk-code-help"
        aria-invalid={incomplete}
      />
      <p id="kiosk-code-help" className="kiosk-help">
        {incomplete ? <strong className="kiosk-error">{t('code.incomplete')}</strong> : t('code.help')}
      </p>
      <div className="kiosk-keypad" role="group" aria-label={t('code.keypad')}>
        {KEYPAD_KEYS.map((key) => (
          <button key={key} type="button" className="kiosk-key" onClick={() => change(typed + key)}>
            {key}
          </button>
        ))}
        <button
          type="button"
          className="kiosk-key is-wide"
          onClick={() => change(typed.slice(0, -1))}
          aria-label={t('code.backspace')}
        >
          <i className="pi pi-delete-left" aria-hidden="true" />
        </button>
        <button type="button" className="kiosk-key is-wide" onClick={() => change('')}>
          {t('code.clear')}
        </button>
      </div>
      <div className="kiosk-actions">
        <KioskButton variant="secondary" onClick={onBack}>
          {t('actions.back')}
        </KioskButton>
        {onScan && (
          <KioskButton variant="secondary" onClick={onScan}>
            <i className="pi pi-qrcode" aria-hidden="true" /> {t('code.scan')}
          </KioskButton>
        )}
        <KioskButton type="submit" disabled={busy}>
          {busy ? t('busy') : t('code.submit')}
        </KioskButton>
      </div>
    </form>
  );
}

/** A slip for the receipt printer (80 mm) and the screen: what the patient takes to the waiting area. */
function Slip({ title, children, onDone }: { title: string; children: ReactNode; onDone: () => void }) {
  const { t } = useTranslation([anjunganNs, 'translation']);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="kiosk-panel kiosk-slip-panel">
      <section className="kiosk-slip" aria-labelledby="kiosk-slip-title">
        <p className="kiosk-slip-hospital">{t('translation:app.hospitalName')}</p>
        <h2 id="kiosk-slip-title" ref={heading} tabIndex={-1}>
          {title}
        </h2>
        {children}
      </section>
      <div className="kiosk-actions kiosk-no-print">
        <KioskButton variant="secondary" onClick={() => window.print()}>
          <i className="pi pi-print" aria-hidden="true" /> {t('actions.print')}
        </KioskButton>
        <KioskButton onClick={onDone}>{t('actions.done')}</KioskButton>
      </div>
    </div>
  );
}

/** The SEP of a returning JKN patient, asked for after check-in: on its way, issued, or why not. */
type KioskSepState = 'asking' | KioskSep | null;

function CheckedIn({
  booking,
  sep,
  onDone,
}: {
  booking: RegistrationStatusView;
  sep: KioskSepState;
  onDone: () => void;
}) {
  const { t } = useTranslation(anjunganNs);
  const [printing, setPrinting] = useState(false);
  // The SEP sheet is in the page only while it prints: the slip's own print stays the slip.
  const printSep = () => {
    flushSync(() => setPrinting(true));
    window.print();
    setPrinting(false);
  };
  const issued = sep !== 'asking' && sep?.sep ? sep.sep : null;
  return (
    <Slip title={t('checkedIn.title')} onDone={onDone}>
      <p className="kiosk-slip-label">{t('checkedIn.queueNumber')}</p>
      <p className="kiosk-slip-number">{booking.queueNumber}</p>
      <dl className="kiosk-slip-details">
        <dt>{t('checkedIn.clinic')}</dt>
        <dd>{booking.clinic.name}</dd>
        <dt>{t('checkedIn.doctor')}</dt>
        <dd>{booking.doctor.name}</dd>
        <dt>{t('checkedIn.date')}</dt>
        <dd>{formatDayDate(booking.date)}</dd>
        <dt>{t('checkedIn.estimatedAt')}</dt>
        <dd>{t('checkedIn.estimatedValue', { time: formatTime(booking.estimatedAt), zone: zoneLabel() })}</dd>
        <dt>{t('checkedIn.waitingAhead')}</dt>
        <dd>{t('checkedIn.waitingValue', { count: booking.waitingAhead })}</dd>
        {issued && (
          <>
            <dt>{t('sep.number')}</dt>
            <dd>{issued.number}</dd>
          </>
        )}
      </dl>
      <CheckedInNext booking={booking} className="kiosk-slip-note" />
      {sep === 'asking' && <p className="kiosk-slip-note">{t('sep.asking')}</p>}
      {sep !== 'asking' && sep?.reason && (
        <p className="kiosk-slip-note" role="alert">
          {t('sep.toCounter', { reason: sep.reason })}
        </p>
      )}
      {issued && (
        <div className="kiosk-actions kiosk-no-print">
          <KioskButton variant="secondary" onClick={printSep}>
            <i className="pi pi-print" aria-hidden="true" /> {t('sep.print')}
          </KioskButton>
        </div>
      )}
      {/* Printed on its own half page, never shown on the screen. */}
      {issued && printing && (
        <div className="kiosk-sep-sheet">
          <SepSheet sep={issued} />
        </div>
      )}
    </Slip>
  );
}

function WalkIn({ ticket, onDone }: { ticket: AdmissionTicket; onDone: () => void }) {
  const { t } = useTranslation(anjunganNs);
  return (
    <Slip title={t('walkIn.title')} onDone={onDone}>
      <p className="kiosk-slip-label">{t('walkIn.number')}</p>
      <p className="kiosk-slip-number">{ticket.number}</p>
      <dl className="kiosk-slip-details">
        <dt>{t('walkIn.kind')}</dt>
        <dd>{t(`kinds.${ticket.kind}.title`)}</dd>
        <dt>{t('walkIn.issuedAt')}</dt>
        <dd>
          <HospitalTime iso={ticket.issuedAt} />
        </dd>
      </dl>
      <p className="kiosk-slip-note">{t('walkIn.next')}</p>
    </Slip>
  );
}

/** The kinds of walk-in number, the priority lane's first: what each is for, said on its button. */
const kindIcons: Record<AdmissionTicketKind, string> = {
  PRIORITAS: 'pi-heart',
  BPJS: 'pi-id-card',
  UMUM: 'pi-user',
};

function WalkInKinds({
  onTake,
  onBack,
  busy,
}: {
  onTake: (kind: AdmissionTicketKind) => void;
  onBack: () => void;
  busy: AdmissionTicketKind | null;
}) {
  const { t } = useTranslation(anjunganNs);
  return (
    <div className="kiosk-panel">
      <h2>{t('kinds.title')}</h2>
      <div className="kiosk-choices">
        {admissionTicketKinds.map((kind) => (
          <button
            key={kind}
            type="button"
            className="kiosk-choice"
            onClick={() => onTake(kind)}
            disabled={busy !== null}
          >
            <i className={`pi ${kindIcons[kind]}`} aria-hidden="true" />
            <span className="kiosk-choice-title">{t(`kinds.${kind}.title`)}</span>{' '}
            <span className="kiosk-choice-help">{busy === kind ? t('busy') : t(`kinds.${kind}.help`)}</span>
          </button>
        ))}
      </div>
      <div className="kiosk-actions">
        <KioskButton variant="secondary" onClick={onBack}>
          {t('actions.back')}
        </KioskButton>
      </div>
    </div>
  );
}

/** Leaving the kiosk for the portal: only with a staff login. */
function ExitForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation([anjunganNs, 'translation']);
  const navigate = useNavigate();
  const login = useLogin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setMissing(true);
      return;
    }
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => navigate('/', { replace: true }),
        onError: () => setPassword(''),
      },
    );
  };
  const error = missing
    ? t('exit.required')
    : login.error instanceof ApiError
      ? login.error.message
      : login.error
        ? t('translation:errors.unexpected')
        : null;

  return (
    <form className="kiosk-panel kiosk-exit" onSubmit={submit} noValidate>
      <h2>{t('exit.title')}</h2>
      <p className="kiosk-help">{t('exit.help')}</p>
      {error && (
        <p className="kiosk-error" role="alert">
          {error}
        </p>
      )}
      <label className="kiosk-field">
        {t('exit.username')}
        <input
          ref={first}
          value={username}
          autoComplete="username"
          onChange={(event) => {
            setUsername(event.target.value);
            setMissing(false);
          }}
        />
      </label>
      <label className="kiosk-field">
        {t('exit.password')}
        <input
          type="password"
          value={password}
          autoComplete="current-password"
          onChange={(event) => {
            setPassword(event.target.value);
            setMissing(false);
          }}
        />
      </label>
      <div className="kiosk-actions">
        <KioskButton variant="secondary" onClick={onCancel}>
          {t('exit.cancel')}
        </KioskButton>
        <KioskButton type="submit" disabled={login.isPending}>
          {login.isPending ? t('busy') : t('exit.submit')}
        </KioskButton>
      </div>
    </form>
  );
}

/** Why the booking engine refused a check-in, in words for the patient at the kiosk. */
function refusalOf(error: unknown, code: string, t: TFunction<[typeof anjunganNs, 'translation']>): string {
  if (error instanceof CheckInRefused) {
    const booking = error.booking;
    if (booking?.status === 'CANCELLED') return t('refused.cancelled', { code });
    if (booking?.status === 'CHECKED_IN') {
      return t('refused.alreadyCheckedIn', { number: booking.queueNumber, clinic: booking.clinic.name });
    }
    if (booking?.status === 'BOOKED' && error.error.code === 'NOT_TODAY') {
      return t('refused.otherDay', { code, date: formatDayDate(booking.date) });
    }
    if (booking && booking.status !== 'BOOKED') return t('refused.done', { code });
    return error.error.message;
  }
  if (error instanceof ApiError && error.status === 404) return t('refused.unknown', { code });
  if (error instanceof ApiError) return error.message;
  return t('translation:errors.unexpected');
}

/**
 * The lobby kiosk (anjungan mandiri), full screen and by touch: check-in with the booking code, typed or
 * scanned as a QR code, and a walk-in patient's number for the admission counter; each printable on an
 * 80 mm receipt printer. Outside the portal's layout with no way out but a staff login, and back at its
 * start screen after a minute without a touch.
 */
export default function AnjunganPage() {
  const { t } = useTranslation([anjunganNs, 'translation']);
  const [screen, setScreen] = useState<Screen>({ name: 'start' });
  const checkIn = useKioskCheckIn();
  const kioskSep = useKioskSep();
  const walkIn = useAdmissionTicket();
  const canScan = hasCamera();

  const { reset: resetCheckIn } = checkIn;
  const { reset: resetSep } = kioskSep;
  const { reset: resetWalkIn } = walkIn;
  const toStart = useCallback(() => {
    resetCheckIn();
    resetSep();
    resetWalkIn();
    setScreen({ name: 'start' });
  }, [resetCheckIn, resetSep, resetWalkIn]);
  useIdleReset(screen.name !== 'start', toStart);

  useEffect(() => {
    document.title = t('title');
  }, [t]);

  const submitCode = (code: string) =>
    checkIn.mutate(code, {
      onSuccess: (booking) => {
        setScreen({ name: 'checkedIn', booking });
        // A returning JKN patient is admitted at check-in: the kiosk asks for the visit's SEP too.
        if (booking.payer === 'JKN' && !booking.newPatient) kioskSep.mutate(code);
      },
      onError: (error) =>
        setScreen({ name: 'refused', title: 'checkIn', message: refusalOf(error, code, t) }),
    });
  const takeTicket = (kind: AdmissionTicketKind) =>
    walkIn.mutate(kind, {
      onSuccess: (ticket) => setScreen({ name: 'walkIn', ticket }),
      onError: (error) =>
        setScreen({
          name: 'refused',
          title: 'walkIn',
          message: error instanceof ApiError ? error.message : t('translation:errors.unexpected'),
        }),
    });

  return (
    <main className="kiosk">
      <header className="kiosk-header kiosk-no-print">
        <p className="kiosk-hospital">{t('translation:app.hospitalName')}</p>
        <h1>{t('title')}</h1>
      </header>
      {screen.name === 'start' && (
        <div className="kiosk-panel">
          <p className="kiosk-welcome">{t('welcome')}</p>
          <div className="kiosk-choices">
            <button type="button" className="kiosk-choice" onClick={() => setScreen({ name: 'code' })}>
              <i className="pi pi-ticket" aria-hidden="true" />
              <span className="kiosk-choice-title">{t('start.checkIn')}</span>
              <span className="kiosk-choice-help">{t('start.checkInHelp')}</span>
            </button>
            <button type="button" className="kiosk-choice" onClick={() => setScreen({ name: 'walkInKind' })}>
              <i className="pi pi-users" aria-hidden="true" />
              <span className="kiosk-choice-title">{t('start.walkIn')}</span>
              <span className="kiosk-choice-help">{t('start.walkInHelp')}</span>
            </button>
          </div>
        </div>
      )}
      {screen.name === 'code' && (
        <CodeEntry
          onSubmit={submitCode}
          onScan={canScan ? () => setScreen({ name: 'scan' }) : null}
          onBack={toStart}
          busy={checkIn.isPending}
        />
      )}
      {screen.name === 'walkInKind' && (
        <WalkInKinds
          onTake={takeTicket}
          onBack={toStart}
          busy={walkIn.isPending ? (walkIn.variables ?? null) : null}
        />
      )}
      {screen.name === 'scan' && (
        <div className="kiosk-panel">
          <h2>{t('scan.title')}</h2>
          <p className="kiosk-help">{t('scan.help')}</p>
          <QrScanner onCode={submitCode} />
          <div className="kiosk-actions">
            <KioskButton variant="secondary" onClick={toStart}>
              {t('actions.back')}
            </KioskButton>
            <KioskButton variant="secondary" onClick={() => setScreen({ name: 'code' })}>
              {t('scan.typeInstead')}
            </KioskButton>
          </div>
        </div>
      )}
      {screen.name === 'checkedIn' && (
        <CheckedIn
          booking={screen.booking}
          sep={
            kioskSep.isPending
              ? 'asking'
              : kioskSep.error
                ? { sep: null, reason: kioskSep.error.message }
                : (kioskSep.data ?? null)
          }
          onDone={toStart}
        />
      )}
      {screen.name === 'walkIn' && <WalkIn ticket={screen.ticket} onDone={toStart} />}
      {screen.name === 'refused' && (
        <div className="kiosk-panel">
          <h2>{screen.title === 'checkIn' ? t('refused.title') : t('refused.walkInTitle')}</h2>
          <p className="kiosk-message" role="alert">
            {screen.message}
          </p>
          <p className="kiosk-help">{t('refused.help')}</p>
          <div className="kiosk-actions">
            {screen.title === 'checkIn' && (
              <KioskButton variant="secondary" onClick={() => setScreen({ name: 'code' })}>
                {t('actions.again')}
              </KioskButton>
            )}
            <KioskButton onClick={toStart}>{t('actions.done')}</KioskButton>
          </div>
        </div>
      )}
      {screen.name === 'exit' && <ExitForm onCancel={toStart} />}
      <footer className="kiosk-footer kiosk-no-print">
        <p>{t('idle', { seconds: KIOSK_IDLE_MS / 1000 })}</p>
        {screen.name !== 'exit' && (
          <KioskButton variant="quiet" onClick={() => setScreen({ name: 'exit' })}>
            <i className="pi pi-lock" aria-hidden="true" /> {t('actions.exit')}
          </KioskButton>
        )}
      </footer>
    </main>
  );
}
