import type { PatientRegistration } from '@portal/contract';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePatientRegistrations } from '../../api/patients';
import { dateColumn, dateTimeColumn, DeskTable, foldedColumns, textColumn } from '../../components/DeskTable';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../components/useDeskFilter';
import { registrationNs } from '../../i18n/registration';
import { pasienNs } from './i18n';

/** The patient's outpatient bookings from every channel, newest first, paged by the server. */
export function BookingHistory({ id }: { id: number }) {
  const { t } = useTranslation([pasienNs, registrationNs]);
  const headingId = useId();
  const [{ page, pageSize }, setPage] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const bookings = usePatientRegistrations(id, page, pageSize);
  const total = bookings.data?.total;
  const desk = {
    paging: () => ({
      page,
      pageSize,
      total,
      sizes: PAGE_SIZES,
      onPage: (nextPage: number, nextSize: number) => setPage({ page: nextPage, pageSize: nextSize }),
    }),
  };

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('bookings.title')}</h2>
      <p className="form-help">{t('bookings.hint')}</p>
      <p className="patient-count" aria-live="polite">
        {total === undefined ? '' : t('bookings.count', { count: total })}
      </p>
      <DeskTable
        labelledBy={headingId}
        query={bookings}
        desk={desk}
        dataKey="bookingCode"
        emptyMessage={t('bookings.empty')}
      >
        {dateColumn(t('bookings.columns.date'), (booking: PatientRegistration) => booking.date)}
        {foldedColumns(
          {
            header: t('bookings.columns.bookingCode'),
            body: (booking: PatientRegistration) => booking.bookingCode,
          },
          {
            header: t('bookings.columns.queueNumber'),
            body: (booking: PatientRegistration) => booking.queueNumber,
          },
        )}
        {foldedColumns(
          {
            header: t('bookings.columns.doctor'),
            body: (booking: PatientRegistration) => booking.doctor.name,
          },
          {
            header: t('bookings.columns.clinic'),
            body: (booking: PatientRegistration) => booking.clinic.name,
          },
          { comesFirst: true },
        )}
        {textColumn(t('bookings.columns.status'), (booking: PatientRegistration) =>
          t(`registration:statuses.${booking.status}`),
        )}
        {textColumn(t('bookings.columns.payer'), (booking: PatientRegistration) =>
          t(`bookings.payers.${booking.payer}`),
        )}
        {textColumn(t('bookings.columns.sep'), (booking: PatientRegistration) => booking.sep?.number ?? '—')}
        {textColumn(t('bookings.columns.source'), (booking: PatientRegistration) =>
          t(`bookings.sources.${booking.source}`),
        )}
        {dateTimeColumn(t('bookings.columns.createdAt'), (booking: PatientRegistration) => booking.createdAt)}
      </DeskTable>
    </section>
  );
}
