import type { AttendanceStatus, TodayAttendance } from '@portal/contract';
import { Column } from 'primereact/column';
import { Tag } from 'primereact/tag';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useTodayAttendance } from '../../api/attendance';
import { DeskTable } from '../../components/DeskTable';
import { formatDayDate, formatTime } from '../../i18n/format';
import { absensiNs } from './i18n';
import { clockOutLabel } from './MyAttendance';

type Row = TodayAttendance['staff'][number];

const statusSeverity: Record<AttendanceStatus, 'success' | 'info' | 'warning'> = {
  working: 'success',
  left: 'info',
  absent: 'warning',
};

/** Every active staff member today: their roster posts, clock-ins and clock-outs, and who has not come. */
export function TodayList() {
  const { t } = useTranslation(absensiNs);
  const headingId = useId();
  const today = useTodayAttendance();
  const { data } = today;
  const count = (status: AttendanceStatus) => data?.staff.filter((row) => row.status === status).length ?? 0;

  return (
    <section aria-labelledby={headingId}>
      <div className="attendance-head">
        <h2 id={headingId}>
          {data ? t('today.title', { date: formatDayDate(data.date) }) : t('tabs.today')}
        </h2>
        {data && (
          <span className="attendance-total">
            {t('today.summary', { working: count('working'), left: count('left'), absent: count('absent') })}
          </span>
        )}
      </div>
      <DeskTable
        query={today}
        rows={data?.staff}
        dataKey="staff.id"
        emptyMessage={t('today.empty')}
        labelledBy={headingId}
      >
        <Column header={t('today.columns.name')} body={(row: Row) => row.staff.name} />
        <Column
          header={t('today.columns.roster')}
          body={(row: Row) =>
            row.rostered.length === 0
              ? t('none')
              : row.rostered
                  .map((post) =>
                    t('today.post', { shift: t(`shifts.${post.shift}`), role: t(`roles.${post.role}`) }),
                  )
                  .join(', ')
          }
        />
        <Column
          header={t('today.columns.in')}
          body={(row: Row) =>
            row.shifts.length === 0
              ? t('none')
              : row.shifts.map((shift) => formatTime(shift.clockIn)).join(', ')
          }
        />
        <Column
          header={t('today.columns.out')}
          body={(row: Row) =>
            row.shifts.length === 0
              ? t('none')
              : row.shifts
                  .map((shift) => (shift.clockOut ? clockOutLabel(shift.clockIn, shift.clockOut) : t('none')))
                  .join(', ')
          }
        />
        <Column
          header={t('today.columns.status')}
          body={(row: Row) => (
            <Tag severity={statusSeverity[row.status]} value={t(`today.statuses.${row.status}`)} />
          )}
        />
      </DeskTable>
    </section>
  );
}
