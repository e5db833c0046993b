import { useTranslation } from 'react-i18next';
import { formatDateTime, zoneLabel } from '../i18n/format';

/** A moment as the hospital's clock shows it, with its time zone: "5 Jan 2030 13.10 WIB" (WITA, WIT). */
export function HospitalTime({ iso }: { iso: string }) {
  const { t } = useTranslation();
  return <time dateTime={iso}>{t('common.zoned', { time: formatDateTime(iso), zone: zoneLabel() })}</time>;
}
