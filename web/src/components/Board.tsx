import './Board.css';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDayDate, formatTime, jakartaDate } from '../i18n/format';
import { PageTitle } from './PageTitle';

/**
 * A full-screen board for a TV in a waiting area: light on black, large type, the hospital, the
 * board's title and the clock on top, then the board's own content.
 */
export function Board({
  title,
  className,
  children,
}: {
  title: string;
  className: string;
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
    </main>
  );
}

/** Today's date and the time in WIB, large. */
function BoardClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className="board-clock">
      <span>{formatDayDate(jakartaDate(now))}</span>
      <time dateTime={now.toISOString()}>{formatTime(now.toISOString())}</time>
    </p>
  );
}
