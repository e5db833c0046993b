import { useLocation, useNavigate } from 'react-router';

/**
 * What a public form has just sent (a booking's ticket, an order's or a complaint's tracking code), kept for
 * this tab (`sessionStorage`, under `key`) and shown by the browser's history entry that sent it (its code in
 * the entry's state): a reload, or back and forward again, must not lose the only copy of a code where no
 * WhatsApp message brings it. The page opened anew, or `another`, is a new form.
 */
export function useSentRecord<T>(key: string, codeOf: (record: T) => string) {
  const location = useLocation();
  const navigate = useNavigate();
  const code = (location.state as { sent?: unknown } | null)?.sent;
  let sent: T | null = null;
  if (typeof code === 'string') {
    try {
      const stored = JSON.parse(sessionStorage.getItem(key) ?? 'null') as T | null;
      if (stored !== null && codeOf(stored) === code) sent = stored;
    } catch {
      // Not stored by this page (or not readable): the form.
    }
  }
  return {
    sent,
    show: (record: T) => {
      sessionStorage.setItem(key, JSON.stringify(record));
      void navigate('.', { state: { sent: codeOf(record) } });
    },
    another: () => void navigate('.', { state: null }),
  };
}
