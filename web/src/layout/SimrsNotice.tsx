import { useTranslation } from 'react-i18next';
import { useSession } from '../api/session';
import { useSimrsFreshness } from '../api/system';
import { formatDateTime, formatTime, formatTimeAgo, hospitalDate, zoneLabel } from '../i18n/format';

/** A copy older than this has missed several rounds of the link (a round every few seconds). */
const STALE_MS = 2 * 60 * 1000;

/**
 * Linked mode, on every screen a staff member sees: a note that the SIMRS data shown is an older copy, while
 * the link is behind or failing. Nothing at all while the copy is current, standalone, or the question fails.
 */
export function SimrsNotice() {
  const { t } = useTranslation();
  const { session } = useSession();
  // Who must set a new password first is refused everything else by the server.
  const signedIn = session !== null && !session.passwordChangeRequired;
  const { data, isError } = useSimrsFreshness(signedIn);
  if (!signedIn || !data || isError || !data.linked) return null;

  const { syncedAt, lastError, checkedAt } = data;
  if (lastError === null && syncedAt !== null && Date.parse(checkedAt) - Date.parse(syncedAt) <= STALE_MS)
    return null;

  let text;
  if (syncedAt === null) {
    text = lastError === null ? t('simrs.firstMirror') : t('simrs.firstMirrorFailing');
  } else {
    const sameDay = hospitalDate(new Date(syncedAt)) === hospitalDate(new Date(checkedAt));
    const asOf = t('simrs.asOf', {
      time: t('common.zoned', {
        time: sameDay ? formatTime(syncedAt) : formatDateTime(syncedAt),
        zone: zoneLabel(),
      }),
      ago: formatTimeAgo(syncedAt, checkedAt),
    });
    text = lastError === null ? t('simrs.behind', { asOf }) : t('simrs.failing', { asOf });
  }
  return (
    <p className="layout-simrs-notice" role="status">
      <i className="pi pi-exclamation-triangle" aria-hidden="true" />
      <span>{text}</span>
    </p>
  );
}
