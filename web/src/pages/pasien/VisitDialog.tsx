import type { VisitDetail } from '@portal/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useVisit } from '../../api/patients';
import { formatDate, formatDateTime } from '../../i18n/format';
import { FactList } from './FactList';
import { pasienNs } from './i18n';

/** A visit's details by its registration number (from the page's `?kunjungan=`), over the patient's page. */
export function VisitDialog({
  registrationNo,
  onClose,
}: {
  registrationNo: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([pasienNs, 'translation']);
  const visit = useVisit(registrationNo);
  return (
    <Dialog
      visible={registrationNo !== null}
      onHide={onClose}
      header={t('visit.title', { registrationNo: visit.data?.registrationNo ?? registrationNo ?? '' })}
      className="patient-visit-dialog"
      draggable={false}
      resizable={false}
      footer={<Button type="button" label={t('visit.close')} severity="secondary" onClick={onClose} />}
    >
      {visit.isError ? (
        <Message
          severity="error"
          text={
            visit.error instanceof ApiError && visit.error.status === 404
              ? visit.error.message
              : t('translation:errors.unexpected')
          }
        />
      ) : visit.data ? (
        <VisitFacts visit={visit.data} />
      ) : (
        <p>{t('translation:common.loading')}</p>
      )}
    </Dialog>
  );
}

function VisitFacts({ visit }: { visit: VisitDetail }) {
  const { t } = useTranslation(pasienNs);
  const none = t('none');
  const rows: [string, string][] = [
    [t('visit.patient'), `${visit.patient.name} (${visit.patient.mrn})`],
    [t('visits.columns.kind'), t(`visits.kinds.${visit.kind}`)],
  ];
  if (visit.kind === 'outpatient') {
    rows.push(
      [t('visits.columns.date'), formatDate(visit.date)],
      [t('visits.columns.clinic'), visit.clinic.name],
      [t('visits.columns.doctor'), visit.doctor?.name ?? none],
      [t('visits.columns.diagnoses'), visit.diagnoses.join('; ') || none],
      [
        t('visits.columns.vaccination'),
        visit.vaccination > 0
          ? t('visits.vaccinationDoses', { count: visit.vaccination })
          : t('visit.noVaccination'),
      ],
      [t('visits.columns.status'), t(visit.cancelled ? 'visits.status.cancelled' : 'visits.status.done')],
      [t('visit.notes'), visit.notes ?? none],
      [t('visit.recordedAt'), formatDateTime(visit.recordedAt)],
    );
  } else {
    rows.push(
      [t('visits.columns.room'), `${visit.room.name} (${visit.room.class})`],
      [t('visits.columns.admittedAt'), formatDateTime(visit.admittedAt)],
      [
        t('visits.columns.dischargedAt'),
        visit.dischargedAt ? formatDateTime(visit.dischargedAt) : t('visit.stillAdmitted'),
      ],
      [t('visit.lengthOfStay'), t('visit.nights', { count: visit.lengthOfStay })],
    );
  }
  return <FactList facts={rows} className="patient-visit-facts" />;
}
