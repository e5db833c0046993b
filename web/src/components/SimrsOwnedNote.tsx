import './forms.css';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';

/**
 * Linked mode, in place of the controls that would change data the SIMRS owns (`what`, e.g. "Data ruangan"):
 * where to change it instead, and when the change shows here. A standing note, not news: no live region.
 */
export function SimrsOwnedNote({ what }: { what: string }) {
  const { t } = useTranslation();
  return (
    <Message
      className="form-message"
      severity="info"
      role="note"
      aria-live="off"
      text={t('simrs.owned', { what })}
    />
  );
}
