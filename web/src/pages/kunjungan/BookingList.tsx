import type { BookingReportFilter, BookingReportRow } from '@portal/contract';
import {
  payers,
  registrationSources,
  type RegistrationStatus,
  registrationStatuses,
} from '@portal/contract/constants';
import { Column } from 'primereact/column';
import { Tag, type TagProps } from 'primereact/tag';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useClinics } from '../../api/registration';
import { useExportReport, useReport } from '../../api/reports';
import { dateColumn, dateTimeColumn, DeskTable, foldedColumns } from '../../components/DeskTable';
import { FilterSelect } from '../../components/FilterSelect';
import { ISO_DATE, useDeskFilter } from '../../components/useDeskFilter';
import { registrationNs } from '../../i18n/registration';
import { DailyChart } from './DailyChart';
import { kunjunganNs } from './i18n';
import { PatientCell } from './PatientCell';
import { reportRange } from './range';
import { ReportToolbar } from './ReportToolbar';
import { ID_PARAM } from './VisitList';

const FILTERS = {
  from: ISO_DATE,
  to: ISO_DATE,
  saluran: registrationSources,
  poli: ID_PARAM,
  status: registrationStatuses,
  penjamin: payers,
};

const statusSeverity: Record<RegistrationStatus, TagProps['severity']> = {
  BOOKED: null,
  CHECKED_IN: 'info',
  CALLED: 'warning',
  SERVED: 'success',
  CANCELLED: 'secondary',
  NO_SHOW: 'danger',
};

/** Outpatient bookings of every channel by the day booked, with their count per day and per status. */
export function BookingList() {
  const { t } = useTranslation([kunjunganNs, registrationNs]);
  const headingId = useId();
  const desk = useDeskFilter(FILTERS);
  const { range, problem } = reportRange(desk.filter);
  const { saluran, poli, status, penjamin } = desk.filter;
  const filter: BookingReportFilter | null = problem
    ? null
    : {
        ...range,
        source: saluran ?? undefined,
        clinicId: poli === null ? undefined : Number(poli),
        status: status ?? undefined,
        payer: penjamin ?? undefined,
      };
  const report = useReport('bookings', filter, { page: desk.page, pageSize: desk.pageSize });
  const exporter = useExportReport('bookings', t('bookings.file'));
  const clinics = useClinics();

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('bookings.title')}</h2>
      <p className="form-help">{t('bookings.hint')}</p>
      <ReportToolbar
        rangeLabel={t('filters.bookingsRange')}
        range={range}
        problem={problem}
        onRange={(dates) => desk.navigate(dates)}
        count={filter && report.data ? t('bookings.count', { count: report.data.total }) : undefined}
        exporting={exporter.isPending}
        onExport={() => filter && exporter.mutate(filter)}
      >
        <FilterSelect
          label={t('filters.source')}
          {...desk.select('saluran')}
          options={registrationSources.map((value) => ({ value, label: t(`bookings.sources.${value}`) }))}
        />
        <FilterSelect
          label={t('filters.clinic')}
          {...desk.select('poli')}
          options={(clinics.data ?? []).map((clinic) => ({ value: String(clinic.id), label: clinic.name }))}
        />
        <FilterSelect
          label={t('filters.status')}
          {...desk.select('status')}
          options={registrationStatuses.map((value) => ({
            value,
            label: t(`registration:statuses.${value}`),
          }))}
        />
        <FilterSelect
          label={t('filters.payer')}
          {...desk.select('penjamin')}
          options={payers.map((value) => ({ value, label: t(`bookings.payers.${value}`) }))}
        />
      </ReportToolbar>
      {filter && (
        <>
          {report.data && (
            <>
              <DailyChart days={report.data.perDay} />
              <section className="report-statuses" aria-label={t('bookings.perStatus')}>
                {report.data.perStatus.map(({ status: value, count }) => (
                  <Tag
                    key={value}
                    severity={statusSeverity[value]}
                    value={`${t(`registration:statuses.${value}`)}: ${count}`}
                  />
                ))}
              </section>
            </>
          )}
          <DeskTable labelledBy={headingId} query={report} desk={desk} emptyMessage={t('bookings.empty')}>
            {dateColumn(t('bookings.columns.date'), (row: BookingReportRow) => row.date)}
            {foldedColumns(
              { header: t('bookings.columns.bookingCode'), body: (row: BookingReportRow) => row.bookingCode },
              { header: t('bookings.columns.queueNumber'), body: (row: BookingReportRow) => row.queueNumber },
            )}
            <Column
              header={t('bookings.columns.patient')}
              body={(row: BookingReportRow) => <PatientCell patient={row.patient} />}
            />
            {foldedColumns(
              { header: t('bookings.columns.doctor'), body: (row: BookingReportRow) => row.doctor.name },
              { header: t('bookings.columns.clinic'), body: (row: BookingReportRow) => row.clinic.name },
              { comesFirst: true },
            )}
            {foldedColumns(
              {
                header: t('bookings.columns.source'),
                body: (row: BookingReportRow) => t(`bookings.sources.${row.source}`),
              },
              {
                header: t('bookings.columns.payer'),
                body: (row: BookingReportRow) => t(`bookings.payers.${row.payer}`),
              },
            )}
            <Column
              header={t('bookings.columns.status')}
              body={(row: BookingReportRow) => (
                <Tag severity={statusSeverity[row.status]} value={t(`registration:statuses.${row.status}`)} />
              )}
            />
            {dateTimeColumn(t('bookings.columns.createdAt'), (row: BookingReportRow) => row.createdAt)}
          </DeskTable>
        </>
      )}
    </section>
  );
}
