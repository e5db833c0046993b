import './TempatTidurPage.css';
import type { BedsResponse, RoomBeds } from '@portal/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveBeds } from '../../api/bedsStream';
import type { LiveFeed } from '../../api/liveStream';
import { PageTitle } from '../../components/PageTitle';
import { bedsNs, useBedClassLabel } from '../../i18n/beds';
import { formatDateTime } from '../../i18n/format';
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
              (data.updatedAt ? t('updated', { time: formatDateTime(data.updatedAt) }) : t('neverUpdated'))}
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
      <section className="card" aria-labelledby="beds-per-class">
        <h2 id="beds-per-class">{t('tempatTidur:perClass')}</h2>
        <div className="beds-table-wrap">
          <table className="beds-table" aria-labelledby="beds-per-class">
            <thead>
              <tr>
                <th scope="col" className="beds-text">
                  {t('class')}
                </th>
                <th scope="col">{t('capacity')}</th>
                <th scope="col">{t('occupied')}</th>
                <th scope="col">{t('available')}</th>
              </tr>
            </thead>
            <tbody>
              {beds.classes.map((row) => (
                <tr key={row.class} className={row.available === 0 ? 'is-full' : undefined}>
                  <th scope="row">{classLabel(row.class)}</th>
                  <td>{row.capacity}</td>
                  <td>{row.occupied}</td>
                  <td className="beds-available">{row.available}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('tempatTidur:allClasses')}</th>
                <td>{total.capacity}</td>
                <td>{total.occupied}</td>
                <td>{total.available}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>
      <section className="card" aria-labelledby="beds-per-room">
        <h2 id="beds-per-room">{t('tempatTidur:perRoom')}</h2>
        <div className="beds-table-wrap">
          <table className="beds-table" aria-labelledby="beds-per-room">
            <thead>
              <tr>
                <th scope="col" className="beds-text">
                  {t('room')}
                </th>
                <th scope="col" className="beds-text">
                  {t('class')}
                </th>
                <th scope="col">{t('capacity')}</th>
                <th scope="col">{t('occupied')}</th>
                <th scope="col">{t('available')}</th>
                <th scope="col" className="beds-text">
                  {t('notes')}
                </th>
              </tr>
            </thead>
            <tbody>
              {beds.rooms.map((room) => (
                <tr key={room.code} className={room.available === 0 ? 'is-full' : undefined}>
                  <th scope="row">{room.name}</th>
                  <td className="beds-text">{classLabel(room.class)}</td>
                  <td>{room.capacity}</td>
                  <td>{room.occupied}</td>
                  <td className="beds-available">{room.available}</td>
                  <td className="beds-text">
                    <RoomNotes room={room} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
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
      <ul className="beds-tv-rooms" aria-label={t('room')}>
        {beds.rooms.map((room) => (
          <li key={room.code} className={room.available === 0 ? 'is-full' : undefined}>
            <span className="beds-tv-name">{room.name}</span>
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
          </li>
        ))}
      </ul>
    </>
  );
}
