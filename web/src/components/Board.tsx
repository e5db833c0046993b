import './Board.css';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDayDate, formatTime, hospitalDate, zoneLabel } from '../i18n/format';
import { PageTitle } from './PageTitle';

/**
 * A full-screen board for a TV in a waiting area: light on black, large type, the hospital, the
 * board's title and the clock on top, then the board's own content.
 */
export function Board({
  title,
  className,
  notes,
  controls,
  children,
}: {
  title: string;
  className: string;
  /** The board's own lines at the foot, before the buttons for whoever sets the TV up. */
  notes: ReactNode;
  /** The board's own settings, beside the buttons for whoever sets the TV up. */
  controls?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className={`board ${className}`}>
      <header className="board-head">
        <div>
          <p className="board-hospital">{t('app.hospitalName')}</p>
          <PageTitle>{title}</PageTitle>
        </div>
        <BoardClock />
      </header>
      {children}
      <footer className="board-foot">
        {notes}
        {controls}
        <button
          type="button"
          className="board-button"
          onClick={() => document.documentElement.requestFullscreen?.().catch(() => {})}
        >
          <i className="pi pi-window-maximize" aria-hidden="true" /> {t('board.fullscreen')}
        </button>
        <Link to="/" className="board-button">
          <i className="pi pi-home" aria-hidden="true" /> {t('board.home')}
        </Link>
      </footer>
    </main>
  );
}

/** Today's date and the time on the hospital's clock, with its zone, large. */
function BoardClock() {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="board-clock">
      <span>{formatDayDate(hospitalDate(now))}</span>
      <time dateTime={now.toISOString()}>
        {t('common.zoned', { time: formatTime(now.toISOString()), zone: zoneLabel() })}
      </time>
    </p>
  );
}
