import '../../components/phoneRows.css';
import './TempatTidurPage.css';
import type { BedsResponse, RoomBeds } from '@portal/contract';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveBeds } from '../../api/bedsStream';
import type { LiveFeed } from '../../api/liveStream';
import { PageTitle } from '../../components/PageTitle';
import { tvGridStyle } from '../../components/tvGrid';
import { bedsNs, useBedClassLabel } from '../../i18n/beds';
import { formatDateTime, zoneLabel } from '../../i18n/format';
import { tempatTidurNs } from './i18n';

/**
 * Free beds per room and class, kept live by the server's event stream. Plain markup without PrimeReact:
 * the page also runs all day on TV screens in the wards, where it should load fast and stay light.
 */
export default function TempatTidurPage() {
  const { t } = useTranslation([tempatTidurNs, 'translation']);
  const { data, feed } = useLiveBeds();
  const board = useRef<HTMLDivElement>(null);
  const [tv, setTv] = useState(false);

  const leaveTv = useCallback(() => {
    setTv(false);
    // Leaving may race the browser's own exit (its Escape); either way full screen ends.
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
  }, []);

  const enterTv = () => {
    setTv(true);
    // Without the Fullscreen API (or when it is refused) the board still fills the window.
    board.current?.requestFullscreen?.().catch(() => {});
  };

  useEffect(() => {
    if (!tv) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') leaveTv();
    };
    // In real full screen the browser takes Escape for itself and only says that full screen has ended.
    const onFullscreenChange = () => {
      if (!document.fullscreenElement) setTv(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('fullscreenchange', onFullscreenChange);
    };
  }, [tv, leaveTv]);

  return (
    <>
      <PageTitle>{t('translation:menu.tempattidur')}</PageTitle>
      <div ref={board} className={tv ? 'beds beds-tv' : 'beds'}>
        <div className="beds-status">
          {tv && <p className="beds-tv-title">{t('translation:menu.tempattidur')}</p>}
          <p className="beds-updated">
            {data &&
              (data.updatedAt
                ? t('updated', { time: formatDateTime(data.updatedAt), zone: zoneLabel() })
                : t('neverUpdated'))}
          </p>
          <FeedStatus feed={feed} />
          <button
            type="button"
            className="p-button p-component p-button-outlined beds-tv-toggle"
            onClick={tv ? leaveTv : enterTv}
          >
            <i className={`pi ${tv ? 'pi-window-minimize' : 'pi-window-maximize'}`} aria-hidden="true" />
            <span>{tv ? t('tv.leave') : t('tv.enter')}</span>
          </button>
        </div>
        {!data ? (
          <p>{t('translation:common.loading')}</p>
        ) : data.rooms.length === 0 ? (
          <p>{t('empty')}</p>
        ) : tv ? (
          <TvBoard beds={data} />
        ) : (
          <BedTables beds={data} />
        )}
      </div>
    </>
  );
}

function FeedStatus({ feed }: { feed: LiveFeed }) {
  const { t } = useTranslation(tempatTidurNs);
  return (
    <p className={`beds-feed beds-feed-${feed}`} role="status">
      <span className="beds-feed-dot" aria-hidden="true" />
      {t(`feed.${feed}`)}
    </p>
  );
}

function RoomNotes({ room }: { room: RoomBeds }) {
  const { t } = useTranslation(bedsNs);
  return (
    <>
      {room.sex && <span className="beds-tag">{t(`sexOnly.${room.sex}`)}</span>}
      {room.available === 0 && <span className="beds-tag beds-tag-full">{t('full')}</span>}
    </>
  );
}

function BedTables({ beds }: { beds: BedsResponse }) {
  const { t } = useTranslation([bedsNs, tempatTidurNs]);
  const classLabel = useBedClassLabel();
  const total = beds.classes.reduce(
    (sum, row) => ({
      capacity: sum.capacity + row.capacity,
      occupied: sum.occupied + row.occupied,
      available: sum.available + row.available,
    }),
    { capacity: 0, occupied: 0, available: 0 },
  );

  return (
    <>
      <BedTable
        id="beds-per-class"
        title={t('tempatTidur:perClass')}
        before={
          <th scope="col" className="beds-text">
            {t('class')}
          </th>
        }
        foot={
          <tr>
            <th scope="row">{t('tempatTidur:allClasses')}</th>
            <Counts beds={total} />
          </tr>
        }
      >
        {beds.classes.map((row) => (
          <tr key={row.class} className={row.available === 0 ? 'is-full' : undefined}>
            <th scope="row">{classLabel(row.class)}</th>
            <Counts beds={row} />
          </tr>
        ))}
      </BedTable>
      <BedTable
        id="beds-per-room"
        className="beds-table-rooms phone-rows"
        title={t('tempatTidur:perRoom')}
        before={
          <>
            <th scope="col" className="beds-text">
              {t('room')}
            </th>
            <th scope="col" className="beds-text">
              {t('class')}
            </th>
          </>
        }
        after={
          <th scope="col" className="beds-text">
            {t('notes')}
          </th>
        }
      >
        {beds.rooms.map((room) => (
          <tr key={room.code} className={room.available === 0 ? 'is-full' : undefined}>
            <th scope="row">{room.name}</th>
            <td className="beds-text beds-class">{classLabel(room.class)}</td>
            <Counts beds={room} />
            <td className="beds-text beds-notes">
              <RoomNotes room={room} />
            </td>
          </tr>
        ))}
      </BedTable>
    </>
  );
}

/**
 * A card with one table of beds, named by the card's heading: what the rows are (`before`), their counts, and
 * any further columns (`after`). It scrolls sideways on a narrow screen.
 */
function BedTable({
  id,
  className,
  title,
  before,
  after,
  foot,
  children,
}: {
  id: string;
  className?: string;
  title: string;
  before: ReactNode;
  after?: ReactNode;
  /** A row of totals. */
  foot?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(bedsNs);
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="beds-table-wrap">
        <table className={className ? `beds-table ${className}` : 'beds-table'} aria-labelledby={id}>
          <thead>
            <tr>
              {before}
              <th scope="col" className="beds-secondary">
                {t('capacity')}
              </th>
              <th scope="col" className="beds-secondary">
                {t('occupied')}
              </th>
              <th scope="col">{t('available')}</th>
              {after}
            </tr>
          </thead>
          <tbody>{children}</tbody>
          {foot && <tfoot>{foot}</tfoot>}
        </table>
      </div>
    </section>
  );
}

/**
 * A row's beds: how many in all, taken and free (the number that turns red when none is). A phone shows the
 * free beds only, which is what its reader came for.
 */
function Counts({ beds }: { beds: { capacity: number; occupied: number; available: number } }) {
  const { t } = useTranslation(bedsNs);
  return (
    <>
      <td className="beds-secondary">{beds.capacity}</td>
      <td className="beds-secondary">{beds.occupied}</td>
      {/* Written above the number where a phone hides the headings (phoneRows.css). */}
      <td className="beds-available" data-label={t('available')}>
        {beds.available}
      </td>
    </>
  );
}

/** Dense cards in large type and high contrast, readable from across a room. */
function TvBoard({ beds }: { beds: BedsResponse }) {
  const { t } = useTranslation(bedsNs);
  const classLabel = useBedClassLabel();
  return (
    <>
      <ul className="beds-tv-classes" aria-label={t('class')}>
        {beds.classes.map((row) => (
          <li key={row.class} className={row.available === 0 ? 'is-full' : undefined}>
            <span className="beds-tv-name">{classLabel(row.class)}</span>
            <span className="beds-tv-number">{row.available}</span>
            <span className="beds-tv-detail">
              {t('freeOf', { available: row.available, capacity: row.capacity })}
            </span>
          </li>
        ))}
      </ul>
      <ul className="beds-tv-rooms tv-grid" aria-label={t('room')} style={tvGridStyle(beds.rooms.length, 2)}>
        {beds.rooms.map((room) => (
          <li key={room.code} className={room.available === 0 ? 'is-full' : undefined}>
            <span className="beds-tv-room">
              <span className="beds-tv-name tv-grid-name">{room.name}</span>
              <span className="beds-tv-free">
                <span className="beds-tv-number">{room.available}</span>
                {t('available')}
              </span>
              <span className="beds-tv-detail">
                {t('occupied')} {room.occupied} · {t('capacity')} {room.capacity}
              </span>
              <span className="beds-tv-notes">
                <RoomNotes room={room} />
              </span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}
