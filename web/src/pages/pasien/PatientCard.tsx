import './PatientCard.css';
import type { PatientDetail } from '@portal/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { formatBirthDate } from '../../i18n/format';
import { Barcode } from './Barcode';
import { pasienNs } from './i18n';
import { useReturnFocus } from '../../components/useReturnFocus';

/** The patient card (Kartu Pasien) in a dialog, to print on a card printer or paper with the browser's print. */
export function PatientCard({ patient, onClose }: { patient: PatientDetail; onClose: () => void }) {
  useReturnFocus();
  const { t } = useTranslation([pasienNs, 'translation']);
  return (
    <Dialog
      visible
      onHide={onClose}
      header={t('card.title')}
      className="patient-card-dialog"
      draggable={false}
      resizable={false}
      footer={
        <>
          <Button type="button" label={t('card.close')} severity="secondary" text onClick={onClose} />
          <Button type="button" icon="pi pi-print" label={t('card.print')} onClick={() => window.print()} />
        </>
      }
    >
      <article className="patient-card" aria-label={t('card.title')}>
        <header>
          <strong>{t('translation:app.hospitalName')}</strong>
          <span>{t('card.title')}</span>
        </header>
        <p className="patient-card-name">{patient.name}</p>
        <dl>
          <dt>{t('card.mrn')}</dt>
          <dd>{patient.mrn}</dd>
          <dt>{t('card.birthDate')}</dt>
          <dd>{formatBirthDate(patient.birthDate, t('birthDateMissing'))}</dd>
          <dt>{t('card.address')}</dt>
          <dd className="patient-card-address" title={patient.address ?? undefined}>
            {patient.address ?? t('none')}
          </dd>
        </dl>
        <figure className="patient-card-code">
          <Barcode value={patient.mrn} label={t('card.barcode', { mrn: patient.mrn })} />
          <figcaption>{patient.mrn}</figcaption>
        </figure>
        <footer>{t('card.footer')}</footer>
      </article>
    </Dialog>
  );
}
