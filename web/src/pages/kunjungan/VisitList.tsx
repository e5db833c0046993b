import type { OutpatientReportFilter, OutpatientReportRow } from '@portal/contract';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useClinics } from '../../api/registration';
import { useExportReport, usePatientGroups, useReport } from '../../api/reports';
import { dateColumn, DeskTable, foldedColumns, textColumn, wideOnly } from '../../components/DeskTable';
import { FilterSelect } from '../../components/FilterSelect';
import { ISO_DATE, useDeskFilter } from '../../components/useDeskFilter';
import { DailyChart } from './DailyChart';
import { kunjunganNs } from './i18n';
import { PatientCell } from './PatientCell';
import { reportRange } from './range';
import { ReportToolbar } from './ReportToolbar';

export const ID_PARAM = /^\d{1,9}$/;
export const CODE_PARAM = /^\S{1,20}$/;
const CANCELLED = ['false', 'true'] as const;
const FILTERS = { from: ISO_DATE, to: ISO_DATE, poli: ID_PARAM, golongan: CODE_PARAM, batal: CANCELLED };

/** Outpatient visits of the whole hospital by visit date, with their count per day, paged by the server. */
export function VisitList() {
  const { t } = useTranslation(kunjunganNs);
  const headingId = useId();
  const desk = useDeskFilter(FILTERS);
  const { range, problem } = reportRange(desk.filter);
  const { poli, golongan, batal } = desk.filter;
  const filter: OutpatientReportFilter | null = problem
    ? null
    : {
        ...range,
        clinicId: poli === null ? undefined : Number(poli),
        patientGroup: golongan ?? undefined,
        cancelled: batal ?? undefined,
      };
  const report = useReport('visits', filter, { page: desk.page, pageSize: desk.pageSize });
  const exporter = useExportReport('visits', t('visits.file'));
  const clinics = useClinics();
  const groups = usePatientGroups();
  const cancelledTag = <Tag severity="danger" value={t('visits.cancelled')} />;

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('visits.title')}</h2>
      <p className="form-help">{t('visits.hint')}</p>
      <ReportToolbar
        rangeLabel={t('filters.visitsRange')}
        range={range}
        problem={problem}
        onRange={(dates) => desk.navigate(dates)}
        count={filter && report.data ? t('visits.count', { count: report.data.total }) : undefined}
        exporting={exporter.isPending}
        onExport={() => filter && exporter.mutate(filter)}
      >
        <FilterSelect
          label={t('filters.clinic')}
          {...desk.select('poli')}
          options={(clinics.data ?? []).map((clinic) => ({ value: String(clinic.id), label: clinic.name }))}
        />
        <FilterSelect
          label={t('filters.patientGroup')}
          {...desk.select('golongan')}
          options={(groups.data ?? []).map((group) => ({ value: group.code, label: group.name }))}
        />
        <FilterSelect
          label={t('filters.cancelled')}
          {...desk.select('batal')}
          options={CANCELLED.map((value) => ({ value, label: t(`filters.cancelledOptions.${value}`) }))}
        />
      </ReportToolbar>
      {filter && (
        <>
          {report.data && <DailyChart days={report.data.perDay} />}
          <DeskTable
            labelledBy={headingId}
            query={report}
            desk={desk}
            emptyMessage={t('visits.empty')}
            rowClassName={(row: OutpatientReportRow) => ({ 'report-row-cancelled': row.cancelled })}
          >
            {dateColumn(t('visits.columns.date'), (row: OutpatientReportRow) => row.date)}
            <Column
              header={t('visits.columns.registrationNo')}
              body={(row: OutpatientReportRow) => (
                <>
                  {row.registrationNo}
                  {row.cancelled && <span className="desk-narrow">{cancelledTag}</span>}
                </>
              )}
            />
            <Column
              header={t('visits.columns.patient')}
              body={(row: OutpatientReportRow) => <PatientCell patient={row.patient} />}
            />
            {textColumn(
              t('visits.columns.patientGroup'),
              (row: OutpatientReportRow) => row.patientGroup.name ?? row.patientGroup.code ?? t('none'),
            )}
            {foldedColumns(
              {
                header: t('visits.columns.doctor'),
                body: (row: OutpatientReportRow) => row.doctor?.name ?? t('none'),
              },
              { header: t('visits.columns.clinic'), body: (row: OutpatientReportRow) => row.clinic.name },
              { comesFirst: true },
            )}
            {textColumn(
              t('visits.columns.diagnoses'),
              (row: OutpatientReportRow) => row.diagnoses.join('; ') || t('none'),
            )}
            <Column
              header={t('visits.columns.status')}
              body={(row: OutpatientReportRow) => (row.cancelled ? cancelledTag : null)}
              {...wideOnly}
            />
          </DeskTable>
        </>
      )}
    </section>
  );
}
