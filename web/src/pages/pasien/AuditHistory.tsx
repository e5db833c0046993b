import type { PatientAuditEntry, PatientChange } from '@portal/contract';
import { Column } from 'primereact/column';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePatientAudit } from '../../api/patientRecords';
import { dateTimeColumn, DeskTable } from '../../components/DeskTable';
import { formatDate } from '../../i18n/format';
import { pasien, pasienNs } from './i18n';

const isField = (field: string): field is keyof typeof pasien.form.fields => field in pasien.form.fields;

/** The patient's change history (Riwayat Perubahan): who changed which field when, from what to what. */
export function AuditHistory({ id }: { id: number }) {
  const { t } = useTranslation(pasienNs);
  const headingId = useId();
  const audit = usePatientAudit(id);

  const value = (field: string, text: string | null) => {
    if (text === null) return t('audit.emptyValue');
    if (field === 'birthDate') return formatDate(text);
    if (field === 'sex' && (text === 'L' || text === 'P')) return t(`sexes.${text}`);
    return text;
  };
  const change = ({ field, from, to }: PatientChange) =>
    `${isField(field) ? t(`form.fields.${field}`) : field}: ${value(field, from)} → ${value(field, to)}`;

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('audit.title')}</h2>
      <p className="form-help">{t('audit.hint')}</p>
      <DeskTable labelledBy={headingId} query={audit} pageSize={10} emptyMessage={t('audit.empty')}>
        {dateTimeColumn(t('audit.columns.at'), (entry: PatientAuditEntry) => entry.at)}
        <Column
          header={t('audit.columns.staff')}
          body={(entry: PatientAuditEntry) => entry.staff?.name ?? t('audit.unknownStaff')}
        />
        <Column
          header={t('audit.columns.action')}
          body={(entry: PatientAuditEntry) => t(`audit.actions.${entry.action}`)}
        />
        <Column
          header={t('audit.columns.details')}
          body={(entry: PatientAuditEntry) => (
            <ul className="patient-audit-changes">
              {entry.merge && (
                <li>
                  {t(
                    entry.action === 'patient.merged' ? 'audit.mergedInto' : 'audit.mergedFrom',
                    entry.merge.patient,
                  )}{' '}
                  {t('audit.moved', entry.merge.moved)}
                </li>
              )}
              {entry.changes.map((item) => (
                <li key={item.field}>{change(item)}</li>
              ))}
            </ul>
          )}
        />
      </DeskTable>
    </section>
  );
}
