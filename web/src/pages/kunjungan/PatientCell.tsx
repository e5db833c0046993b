import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { kunjunganNs } from './i18n';

/** The patient of a row: the name, opening their record, and the medical record number under it. */
export function PatientCell({ patient }: { patient: { id: number; mrn: string; name: string } }) {
  const { t } = useTranslation(kunjunganNs);
  return (
    <>
      <Link
        to={`/pasien/${patient.id}`}
        className="list-person-name"
        aria-label={t('openPatient', { name: patient.name })}
      >
        {patient.name}
      </Link>
      <span className="list-person-note">{t('patient', { mrn: patient.mrn })}</span>
    </>
  );
}
