import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../api/session';
import { formatDateTime, zoneLabel } from '../i18n/format';

/** On paper only (layout.css): whose list it is, and when and by whom it was printed. */
export function PrintHeader() {
  const { t } = useTranslation();
  const { session } = useSession();
  const [printedAt, setPrintedAt] = useState(() => new Date().toISOString());
  useEffect(() => {
    // The moment of printing, in the page before the browser lays it out for the paper.
    const printing = () => flushSync(() => setPrintedAt(new Date().toISOString()));
    window.addEventListener('beforeprint', printing);
    return () => window.removeEventListener('beforeprint', printing);
  }, []);
  const at = t('common.zoned', { time: formatDateTime(printedAt), zone: zoneLabel() });
  return (
    <div className="layout-print-header">
      <strong>{t('app.hospitalName')}</strong>
      <span>{session ? t('app.printedAtBy', { at, by: session.name }) : t('app.printedAt', { at })}</span>
    </div>
  );
}
