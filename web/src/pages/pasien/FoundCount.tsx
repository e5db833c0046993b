import { PATIENT_SEARCH_LIMIT } from '@portal/contract';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { pasienNs } from './i18n';

/** How many patients a search found, or, when it found more than it shows, that the search should narrow. */
export function FoundCount({
  found,
}: {
  found: { truncated: boolean; patients: readonly unknown[] } | undefined;
}) {
  const { t } = useTranslation(pasienNs);
  if (!found) return null;
  return (
    <div aria-live="polite">
      {found.truncated ? (
        <Message
          className="patient-capped"
          severity="warn"
          text={t('search.capped', { limit: PATIENT_SEARCH_LIMIT })}
        />
      ) : (
        <p className="patient-count">{t('search.count', { count: found.patients.length })}</p>
      )}
    </div>
  );
}
