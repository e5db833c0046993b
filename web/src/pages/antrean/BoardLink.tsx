import { useTranslation } from 'react-i18next';
import { antreanNs } from './i18n';

/**
 * The queue board in a new tab, as a TV set shows it: the whole board or its part (`?poli=`, `?loket=ya`). Not
 * on paper.
 */
export function BoardLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation(antreanNs);
  return (
    <a className="queue-board-link print-omit" href={href} target="_blank" rel="noopener noreferrer">
      <i className="pi pi-external-link" aria-hidden="true" /> {label}{' '}
      <span className="form-help">{t('boardHint')}</span>
    </a>
  );
}
