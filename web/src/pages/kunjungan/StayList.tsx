import type { InpatientReportFilter, InpatientReportRow } from '@portal/contract';
import { Column } from 'primereact/column';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useBeds } from '../../api/beds';
import { useExportReport, usePatientGroups, useReport } from '../../api/reports';
import { dateTimeColumn, DeskTable, foldedColumns, textColumn } from '../../components/DeskTable';
import { FilterSelect } from '../../components/FilterSelect';
import { ISO_DATE, useDeskFilter } from '../../components/useDeskFilter';
import { zoneLabel } from '../../i18n/format';
import { DailyChart } from './DailyChart';
import { kunjunganNs } from './i18n';
import { PatientCell } from './PatientCell';
import { reportRange } from './range';
import { ReportToolbar } from './ReportToolbar';
import { CODE_PARAM } from './VisitList';

const FILTERS = { from: ISO_DATE, to: ISO_DATE, ruang: /^\S{1,40}$/, golongan: CODE_PARAM };

/** Inpatient stays admitted on the days of a range, with their count per day, paged by the server. */
export function StayList() {
  const { t } = useTranslation(kunjunganNs);
  const headingId = useId();
  const desk = useDeskFilter(FILTERS);
  const { range, problem } = reportRange(desk.filter);
  const { ruang, golongan } = desk.filter;
  const filter: InpatientReportFilter | null = problem
    ? null
    : { ...range, roomCode: ruang ?? undefined, patientGroup: golongan ?? undefined };
  const report = useReport('stays', filter, { page: desk.page, pageSize: desk.pageSize });
  const exporter = useExportReport('stays', t('stays.file'));
  const beds = useBeds();
  const groups = usePatientGroups();

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('stays.title')}</h2>
      <p className="form-help">{t('stays.hint', { zone: zoneLabel() })}</p>
      <ReportToolbar
        rangeLabel={t('filters.staysRange')}
        range={range}
        problem={problem}
        onRange={(dates) => desk.navigate(dates)}
        count={filter && report.data ? t('stays.count', { count: report.data.total }) : undefined}
        exporting={exporter.isPending}
        onExport={() => filter && exporter.mutate(filter)}
      >
        <FilterSelect
          label={t('filters.room')}
          {...desk.select('ruang')}
          options={(beds.data?.rooms ?? []).map((room) => ({ value: room.code, label: room.name }))}
        />
        <FilterSelect
          label={t('filters.patientGroup')}
          {...desk.select('golongan')}
          options={(groups.data ?? []).map((group) => ({ value: group.code, label: group.name }))}
        />
      </ReportToolbar>
      {filter && (
        <>
          {report.data && <DailyChart days={report.data.perDay} />}
          <DeskTable labelledBy={headingId} query={report} desk={desk} emptyMessage={t('stays.empty')}>
            {dateTimeColumn(t('stays.columns.admittedAt'), (row: InpatientReportRow) => row.admittedAt)}
            {dateTimeColumn(
              t('stays.columns.dischargedAt'),
              (row: InpatientReportRow) => row.dischargedAt,
              t('stays.stillAdmitted'),
            )}
            {textColumn(t('stays.columns.lengthOfStay'), (row: InpatientReportRow) =>
              t('stays.days', { count: row.lengthOfStay }),
            )}
            <Column field="registrationNo" header={t('stays.columns.registrationNo')} />
            {foldedColumns(
              {
                header: t('stays.columns.patient'),
                body: (row: InpatientReportRow) => <PatientCell patient={row.patient} />,
              },
              {
                header: t('stays.columns.patientGroup'),
                body: (row: InpatientReportRow) =>
                  row.patientGroup.name ?? row.patientGroup.code ?? t('none'),
              },
            )}
            {textColumn(t('stays.columns.room'), (row: InpatientReportRow) =>
              t('stays.room', { name: row.room.name, class: row.room.class }),
            )}
          </DeskTable>
        </>
      )}
    </section>
  );
}
