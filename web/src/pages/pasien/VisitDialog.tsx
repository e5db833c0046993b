import type { VisitDetail, VisitItem, VisitProcedure } from '@portal/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { useVisit } from '../../api/patients';
import {
  codeAndText,
  formatClock,
  formatDate,
  formatDateTime,
  formatQuantity,
  formatRupiah,
} from '../../i18n/format';
import { staysNs } from '../../i18n/stays';
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
        <>
          <VisitFacts visit={visit.data} />
          <VisitItems items={visit.data.items} />
        </>
      ) : (
        <p>{t('translation:common.loading')}</p>
      )}
    </Dialog>
  );
}

function VisitFacts({ visit }: { visit: VisitDetail }) {
  const { t } = useTranslation([pasienNs, staysNs]);
  const none = t('none');
  const rows: [string, string][] = [
    [t('visit.patient'), `${visit.patient.name} (${visit.patient.mrn})`],
    [t('visits.columns.kind'), t(`visits.kinds.${visit.kind}`)],
  ];
  if (visit.kind === 'outpatient') {
    rows.push(
      [t('visits.columns.date'), formatDate(visit.date)],
      // The seconds of the legacy time are always zero.
      [t('visit.time'), visit.visitTime ? formatClock(visit.visitTime.slice(0, 5)) : none],
      [t('visits.columns.clinic'), visit.clinic.name],
      [t('visits.columns.doctor'), visit.doctor?.name ?? none],
      [t('visits.columns.diagnoses'), visit.diagnoses.join('; ') || none],
      [t('visit.procedures'), visit.procedures.map(procedureText).filter(Boolean).join('; ') || none],
      [
        t('visits.columns.vaccination'),
        visit.vaccination > 0
          ? t('visits.vaccinationDoses', { count: visit.vaccination })
          : t('visit.noVaccination'),
      ],
      [t('visits.columns.status'), t(visit.cancelled ? 'visits.status.cancelled' : 'visits.status.done')],
      [t('visit.paymentStatus'), visit.paymentStatus ?? none],
      [t('visit.locked'), t(visit.locked ? 'visit.yes' : 'visit.no')],
      [t('visit.dischargeDate'), visit.dischargeDate ? formatDate(visit.dischargeDate) : none],
      [t('visit.reportDate'), visit.reportDate ? formatDate(visit.reportDate) : none],
      [t('visit.letterNo'), visit.letterNo ?? none],
      [t('visit.notes'), visit.notes ?? none],
      [t('visit.clerk'), codeAndText(visit.clerkCode, visit.clerkName) ?? none],
      [t('visit.printedBy'), visit.printedBy ?? none],
      [t('visit.recordedAt'), formatDateTime(visit.recordedAt)],
    );
  } else {
    rows.push(
      [t('visits.columns.room'), `${visit.room.name} (${visit.room.class})`],
      [t('visits.columns.bed'), visit.bed === null ? none : String(visit.bed)],
      [t('visits.columns.dpjp'), visit.dpjp?.name ?? none],
      [t('visits.columns.admittedAt'), formatDateTime(visit.admittedAt)],
      [
        t('visits.columns.dischargedAt'),
        visit.dischargedAt ? formatDateTime(visit.dischargedAt) : t('visit.stillAdmitted'),
      ],
      [t('visit.lengthOfStay'), t('visit.nights', { count: visit.lengthOfStay })],
      [
        t('visits.columns.dischargeReason'),
        [
          visit.dischargeReason && t(`${staysNs}:dischargeReasons.${visit.dischargeReason}`),
          visit.dischargeNote,
        ]
          .filter(Boolean)
          .join(' — ') || none,
      ],
    );
  }
  return <FactList facts={rows} className="patient-visit-facts" />;
}

/** "Elektrokardiogram (89.52)", as diagnoses are written; either part alone when the other is missing. */
function procedureText({ code, name }: VisitProcedure): string {
  if (code && name) return `${name} (${code})`;
  return code ?? name ?? '';
}

/** The lines of the visit's or stay's bill, with their total. */
function VisitItems({ items }: { items: readonly VisitItem[] }) {
  const { t } = useTranslation(pasienNs);
  const headingId = useId();
  const total = items.reduce((sum, item) => sum + item.amount, 0);
  return (
    <section className="patient-visit-items" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('visit.items.title')}</h3>
      {items.length === 0 ? (
        <p>{t('visit.items.empty')}</p>
      ) : (
        <table aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{t('visit.items.code')}</th>
              <th scope="col">{t('visit.items.name')}</th>
              <th scope="col" className="patient-number">
                {t('visit.items.quantity')}
              </th>
              <th scope="col" className="patient-number">
                {t('visit.items.price')}
              </th>
              <th scope="col" className="patient-number">
                {t('visit.items.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              // Lines have no key of their own here, and the same service may be billed twice.
              <tr key={index}>
                <td>{item.code ?? t('none')}</td>
                <td>{item.name}</td>
                <td className="patient-number">{formatQuantity(item.quantity)}</td>
                <td className="patient-number">{formatRupiah(item.price)}</td>
                <td className="patient-number">{formatRupiah(item.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={4}>
                {t('visit.items.total')}
              </th>
              <td className="patient-number">{formatRupiah(total)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
