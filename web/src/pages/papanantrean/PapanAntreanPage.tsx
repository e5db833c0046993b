import './PapanAntreanPage.css';
import type { QueueBoard } from '@portal/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLiveQueueBoard } from '../../api/queueBoard';
import { Board } from '../../components/Board';
import { tvGridStyle } from '../../components/tvGrid';
import { positiveInt } from '../../components/useUrlParam';
import { papanAntreanNs } from './i18n';
import { spokenNumber } from './spokenCall';
import { useCallSound } from './useCallSound';

/** How long a newly called number is announced at the top of the board. */
export const ANNOUNCE_MS = 10_000;
/** Calls announced at once at most; an older one has had its turn and stays on its clinic's card. */
const MAX_ANNOUNCED = 3;

interface Call {
  key: string;
  /** Where the number is called to: `poli:{id}`, `loket:{counter}` or `farmasi:{number}`. */
  place: string;
  /** When the desk called it (ms). */
  at: number;
  /** The clinic's or the counter's name, as the call says it. */
  name: string;
  number: string;
}

/**
 * What one TV set shows, from its URL: a waiting room's screen names its clinics (`?poli=3,5`), the lobby's
 * the registration counters (`?loket=ya`), the pharmacy's its calls (`?farmasi=ya`), or any of them together;
 * without any it shows every clinic, counter and the pharmacy. It says only the calls it shows.
 */
function useBoardView() {
  const [params] = useSearchParams();
  const clinicParam = params.get('poli');
  const counterParam = params.get('loket');
  const pharmacyParam = params.get('farmasi');
  return useMemo(() => {
    if (clinicParam === null && counterParam === null && pharmacyParam === null)
      return { clinics: null, counters: true, pharmacy: true };
    const ids = (clinicParam ?? '').split(',').map(positiveInt);
    return {
      clinics: new Set(ids.filter((id) => id !== null)),
      counters: counterParam === 'ya',
      pharmacy: pharmacyParam === 'ya',
    };
  }, [clinicParam, counterParam, pharmacyParam]);
}

/** The part of the board this screen shows. */
function shownPart(board: QueueBoard, view: ReturnType<typeof useBoardView>): QueueBoard {
  return {
    ...board,
    clinics: view.clinics ? board.clinics.filter((row) => view.clinics.has(row.clinic.id)) : board.clinics,
    counters: view.counters ? board.counters : [],
    pharmacy: view.pharmacy ? board.pharmacy : [],
  };
}

/** How the board names the places it calls to. */
interface PlaceNames {
  counter: (counter: number) => string;
  pharmacy: string;
}

/** Every number called now, with its place: the clinics', the admission desk's counters' and the pharmacy's. */
function callsOf(board: QueueBoard, names: PlaceNames): Omit<Call, 'key'>[] {
  return [
    ...board.clinics.flatMap((row) =>
      row.serving && row.calledAt
        ? [
            {
              place: `poli:${row.clinic.id}`,
              at: Date.parse(row.calledAt),
              name: row.clinic.name,
              number: row.serving,
            },
          ]
        : [],
    ),
    ...board.counters.map((row) => ({
      place: `loket:${row.counter}`,
      at: Date.parse(row.calledAt),
      name: names.counter(row.counter),
      number: row.serving,
    })),
    ...board.pharmacy.map((row) => ({
      place: `farmasi:${row.number}`,
      at: Date.parse(row.calledAt),
      name: names.pharmacy,
      number: row.number,
    })),
  ];
}

/**
 * The numbers called since `before`: a place's call time moves on with every call, also of the same number.
 * A board older than the one shown (a refetch answered from a cache) announces nothing.
 */
function newCalls(before: QueueBoard, after: QueueBoard, names: PlaceNames): Call[] {
  const calledAt = new Map(callsOf(before, names).map((call) => [call.place, call.at]));
  return callsOf(after, names)
    .filter((call) => !(call.at <= (calledAt.get(call.place) ?? Number.NaN)))
    .map((call) => ({ ...call, key: `${call.place}@${call.at}` }));
}

/** The calls to announce: those seen on this screen, newest first, until the board has been quiet a while. */
function useCalls(board: QueueBoard | undefined, names: PlaceNames): Call[] {
  const [previous, setPrevious] = useState(board);
  const [calls, setCalls] = useState<Call[]>([]);
  if (board !== previous) {
    setPrevious(board);
    // The board as it was when the screen opened is the starting point, not news.
    const fresh = previous && board ? newCalls(previous, board, names) : [];
    if (fresh.length > 0) setCalls((shown) => [...fresh, ...shown].slice(0, MAX_ANNOUNCED));
  }

  useEffect(() => {
    if (calls.length === 0) return;
    const timer = setTimeout(() => setCalls([]), ANNOUNCE_MS);
    return () => clearTimeout(timer);
  }, [calls]);

  return calls;
}

/**
 * Says each call aloud once, oldest first, while the sound is on; calls made while it is off stay unspoken.
 * Per place only a call later than the last one heard is said: never an earlier number again.
 */
function useSpokenCalls(calls: Call[], say: (text: string) => void) {
  const { t } = useTranslation(papanAntreanNs);
  const heard = useRef(new Map<string, number>());
  useEffect(() => {
    const digits = t('digits', { returnObjects: true }) as readonly string[];
    for (const call of [...calls].reverse()) {
      if (call.at <= (heard.current.get(call.place) ?? Number.NEGATIVE_INFINITY)) continue;
      heard.current.set(call.place, call.at);
      say(t('speech', { number: spokenNumber(call.number, digits), clinic: call.name }));
    }
  }, [calls, say, t]);
}

/**
 * The public queue board for the waiting room's screens: per clinic the number being served, large enough to
 * read across the room, and each new call announced. Outside the portal's layout, in plain markup without
 * PrimeReact, as it runs all day on TV sets.
 */
export default function PapanAntreanPage() {
  const { t } = useTranslation([papanAntreanNs, 'translation']);
  const { data: whole, feed } = useLiveQueueBoard();
  const view = useBoardView();
  const data = useMemo(() => whole && shownPart(whole, view), [whole, view]);
  const counterName = useCallback((counter: number) => t('counterName', { counter }), [t]);
  const names = useMemo(() => ({ counter: counterName, pharmacy: t('pharmacyName') }), [counterName, t]);
  const calls = useCalls(data, names);
  const { sound, toggle, setVolume, say, needsGesture } = useCallSound();
  useSpokenCalls(calls, say);
  const clinicsHidden = view.clinics?.size === 0 && (view.counters || view.pharmacy);
  const called = new Set(calls.map((call) => call.place));

  return (
    <Board
      title={t('title')}
      className="queue-board"
      notes={
        <p className={`queue-board-feed is-${feed}`}>
          <span className="queue-board-feed-dot" aria-hidden="true" />
          {t(`feed.${feed}`)}
        </p>
      }
      controls={
        <div className="queue-board-sound" role="group" aria-label={t('sound.group')}>
          <button
            type="button"
            className="board-button queue-board-sound-switch"
            aria-pressed={sound.on}
            onClick={toggle}
          >
            <i className={`pi ${sound.on ? 'pi-volume-up' : 'pi-volume-off'}`} aria-hidden="true" />{' '}
            {t('sound.switch')}
            <span className="queue-board-sound-state" aria-hidden="true">
              {sound.on ? t('sound.on') : t('sound.off')}
            </span>
          </button>
          <label className="queue-board-volume">
            {t('sound.volume')}
            <input
              type="range"
              min={0}
              max={100}
              step={10}
              value={sound.volume}
              aria-valuetext={`${sound.volume} %`}
              onChange={(event) => setVolume(Number(event.target.value))}
            />
          </label>
          {needsGesture && <p className="queue-board-sound-hint">{t('sound.needsGesture')}</p>}
        </div>
      }
    >
      <div className="queue-board-calls" role="status">
        {calls.map((call, index) => (
          <p key={call.key} className={index === 0 ? 'queue-board-call is-latest' : 'queue-board-call'}>
            <i className="pi pi-megaphone" aria-hidden="true" />{' '}
            {t('announce', { number: call.number, clinic: call.name })}
          </p>
        ))}
      </div>
      {data && data.counters.length > 0 && (
        <ul className="queue-board-counters" aria-label={t('counters')}>
          {data.counters.map((row) => (
            <li key={row.counter} className={called.has(`loket:${row.counter}`) ? 'is-called' : undefined}>
              <h2>{counterName(row.counter)}</h2>
              <p className="queue-board-number">{row.serving}</p>
            </li>
          ))}
        </ul>
      )}
      {data && view.pharmacy && (data.pharmacy.length > 0 || clinicsHidden) && (
        <section className="queue-board-pharmacy" aria-label={t('pharmacy')}>
          <h2>{t('pharmacy')}</h2>
          {data.pharmacy.length === 0 ? (
            <p className="queue-board-empty">{t('pharmacyEmpty')}</p>
          ) : (
            <ul className="queue-board-counters">
              {data.pharmacy.map((row) => (
                <li
                  key={row.number}
                  className={called.has(`farmasi:${row.number}`) ? 'is-called' : undefined}
                >
                  <p className="queue-board-number">{row.number}</p>
                  <p className="queue-board-doctor">{t('pharmacyNumber', { number: row.pharmacyNumber })}</p>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {!data ? (
        <p>{t('translation:common.loading')}</p>
      ) : clinicsHidden ? null : data.clinics.length === 0 ? (
        <p className="queue-board-empty">{t('empty')}</p>
      ) : (
        <ul
          className="queue-board-clinics tv-grid"
          aria-label={t('clinics')}
          style={tvGridStyle(data.clinics.length, 1.3)}
        >
          {data.clinics.map((row) => (
            <li key={row.clinic.id} className={called.has(`poli:${row.clinic.id}`) ? 'is-called' : undefined}>
              <div className="queue-board-card">
                <h2 className="tv-grid-name">{row.clinic.name}</h2>
                {row.doctor && <p className="queue-board-doctor">{row.doctor}</p>}
                <dl>
                  <div className="queue-board-serving">
                    <dt>{t('serving')}</dt>
                    <dd className={row.serving ? 'queue-board-number' : 'queue-board-number is-empty'}>
                      {row.serving ?? t('noneServing')}
                    </dd>
                  </div>
                  <div className="queue-board-waiting">
                    <dt>{t('waiting')}</dt>
                    <dd>{t('waitingCount', { count: row.waiting })}</dd>
                  </div>
                </dl>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Board>
  );
}
