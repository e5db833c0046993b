import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { pasienNs } from './i18n';
import PatientRecord from './PatientRecord';

/** One patient's record: identity, last visits, history and visit details. */
export default function PasienDetailPage() {
  const { t } = useTranslation(pasienNs);
  const { id = '' } = useParams();
  const patientId = /^\d{1,10}$/.test(id) ? Number(id) : null;
  return patientId === null ? <p>{t('record.notFound')}</p> : <PatientRecord id={patientId} />;
}
