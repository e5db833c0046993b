import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { usePatient } from '../../api/patients';
import { PrimeScope } from '../../components/PrimeScope';
import { pasienNs } from './i18n';
import { PatientForm } from './PatientForm';

/** A patient's record changed at the counter. */
export default function PasienUbahPage() {
  const { t } = useTranslation(pasienNs);
  const { id = '' } = useParams();
  return /^\d{1,10}$/.test(id) ? <EditPatient id={Number(id)} /> : <p>{t('record.notFound')}</p>;
}

function EditPatient({ id }: { id: number }) {
  const { t } = useTranslation([pasienNs, 'translation']);
  const patient = usePatient(id);
  if (patient.isPending) return <p>{t('translation:common.loading')}</p>;
  if (patient.isError) {
    return (
      <p role="alert">
        {patient.error instanceof ApiError && patient.error.code === 'NOT_FOUND'
          ? t('record.notFound')
          : patient.error.message}
      </p>
    );
  }
  return (
    <PrimeScope>
      <PatientForm patient={patient.data} />
    </PrimeScope>
  );
}
