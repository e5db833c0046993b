import '../../components/phoneRows.css';
import './JadwalDokterPage.css';
import type { PublicDoctorSchedules } from '@portal/contract';
import type { weekdays } from '@portal/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePublicDoctorSchedules } from '../../api/registration';
import { PageTitle } from '../../components/PageTitle';
import { positiveInt, useUrlParam } from '../../components/useUrlParam';
import { formatClock, formatDayDate, zoneLabel } from '../../i18n/format';
import { jadwalDokterNs } from './i18n';

type ClinicTimetable = PublicDoctorSchedules['clinics'][number];
type DoctorTimetable = ClinicTimetable['doctors'][number];

/**
 * The public doctor timetable: per clinic each doctor's weekly hours, the days off ahead (holidays, the
 * clinic closed, the doctor's leave) and the places left today per payer, so that a patient can choose a
 * day before booking. Plain markup: it is a read-only page that many open on their phones.
 */
export default function JadwalDokterPage() {
  const { t } = useTranslation([jadwalDokterNs, 'translation']);
  const { data } = usePublicDoctorSchedules();
  // One clinic at a time on request (?poli=), kept in the URL: the whole hospital is a long page on a phone.
  const [clinicParam, setClinic] = useUrlParam('poli', { replace: true });
  const clinicId = positiveInt(clinicParam);
  const shown = data?.clinics.filter((row) => clinicId === null || row.clinic.id === clinicId) ?? [];

  return (
    <>
      <PageTitle>{t('translation:menu.jadwaldokter')}</PageTitle>
      <div className="card doctor-timetable-intro">
        <p>{t('intro')}</p>
        <p>
          <Link to="/registrasi">
            <i className="pi pi-calendar-plus" aria-hidden="true" /> {t('book')}
          </Link>
        </p>
        <p className="form-help">{t('updated')}</p>
        {data && data.clinics.length > 1 && (
          <p className="doctor-timetable-filter">
            <label htmlFor="doctor-timetable-clinic">{t('clinic')}</label>
            <select
              id="doctor-timetable-clinic"
              className="p-inputtext p-component"
              value={clinicId === null ? '' : String(clinicId)}
              onChange={(event) => setClinic(event.target.value || null)}
            >
              <option value="">{t('allClinics')}</option>
              {data.clinics.map((row) => (
                <option key={row.clinic.id} value={row.clinic.id}>
                  {row.clinic.name}
                </option>
              ))}
            </select>
          </p>
        )}
      </div>
      {!data ? (
        <p>{t('translation:common.loading')}</p>
      ) : data.clinics.length === 0 ? (
        <p className="card">{t('empty')}</p>
      ) : (
        shown.map((row) => <ClinicCard key={row.clinic.id} row={row} />)
      )}
    </>
  );
}

function ClinicCard({ row }: { row: ClinicTimetable }) {
  const { t } = useTranslation(jadwalDokterNs);
  const headingId = `clinic-${row.clinic.id}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{row.clinic.name}</h2>
      {row.closed.length > 0 && (
        <ul className="doctor-timetable-closed">
          {row.closed.map((day) => (
            <li key={`${day.date}-${day.reason}`}>
              <i className="pi pi-ban" aria-hidden="true" /> {t('clinicClosed')} {formatDayDate(day.date)}:{' '}
              {day.reason}
            </li>
          ))}
        </ul>
      )}
      {row.doctors.length === 0 ? (
        <p>{t('noDoctors')}</p>
      ) : (
        <div className="doctor-timetable-wrap">
          <table className="doctor-timetable phone-rows" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t('columns.doctor')}</th>
                <th scope="col">{t('columns.weekly')}</th>
                <th scope="col">{t('columns.today')}</th>
                <th scope="col">{t('columns.leave')}</th>
              </tr>
            </thead>
            <tbody>
              {row.doctors.map((entry) => (
                <DoctorRow key={entry.doctor.id} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function DoctorRow({ entry }: { entry: DoctorTimetable }) {
  const { t } = useTranslation(jadwalDokterNs);
  return (
    <tr>
      <th scope="row">{entry.doctor.name}</th>
      <td data-label={t('columns.weekly')}>
        <ul className="doctor-timetable-list">
          {entry.weekly.map((session) => (
            <li key={`${session.weekday}-${session.start}`}>
              {t('hours', {
                day: t(`weekdays.${session.weekday as (typeof weekdays)[number]}`),
                start: formatClock(session.start),
                end: formatClock(session.end),
              })}
            </li>
          ))}
        </ul>
      </td>
      <td data-label={t('columns.today')}>
        {entry.today.length === 0 ? (
          <span className="form-help">{t('notToday')}</span>
        ) : (
          <ul className="doctor-timetable-list">
            {entry.today.map((session) => (
              <li key={session.start}>
                <strong>
                  {t('todayHours', {
                    start: formatClock(session.start),
                    end: formatClock(session.end),
                    zone: zoneLabel(),
                  })}
                </strong>
                {session.bookable ? (
                  <>
                    <br />
                    {t('quotaJkn', { remaining: session.remainingJkn, quota: session.quotaJkn })}
                    <br />
                    {t('quotaNonJkn', { remaining: session.remainingNonJkn, quota: session.quotaNonJkn })}
                  </>
                ) : (
                  <>
                    <br />
                    <span className="form-help">{t('ended')}</span>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td data-label={t('columns.leave')}>
        {entry.leave.length === 0 ? (
          t('noLeave')
        ) : (
          <ul className="doctor-timetable-list">
            {entry.leave.map((day) => (
              <li key={day.date}>
                {formatDayDate(day.date)}: {day.reason}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}
