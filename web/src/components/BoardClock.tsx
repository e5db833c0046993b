import './BoardClock.css';
import { useEffect, useState } from 'react';
import { formatDayDate, formatTime, jakartaDate } from '../i18n/format';

/** Today's date and the time in WIB, large, for the waiting area's TV boards. */
export function BoardClock() {
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
