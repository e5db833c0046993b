import type { AttendanceRecapRow } from '@portal/contract';
import { ATTENDANCE_LONG_SHIFT_HOURS } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAttendanceRecap, useDownloadRecap } from '../../api/attendance';
import { DeskTable, textColumn } from '../../components/DeskTable';
import { DeskToolbar } from '../../components/DeskToolbar';
import { MonthField } from '../../components/MonthField';
import { hospitalDate } from '../../i18n/format';
import { absensiNs } from './i18n';
import { formatMinutes } from './minutes';

/** Per staff member and month: days present, hours worked, and how the roster was kept; also as CSV. */
export function MonthlyRecap() {
  const { t } = useTranslation(absensiNs);
  const headingId = useId();
  const [month, setMonth] = useState(() => hospitalDate(new Date()).slice(0, 7));
  const recap = useAttendanceRecap(month);
  const download = useDownloadRecap();

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('recap.title')}</h2>
      <DeskToolbar>
        <MonthField label={t('recap.month')} value={month} onChange={setMonth} />
        <Button
          type="button"
          icon="pi pi-download"
          label={t('recap.download')}
          outlined
          loading={download.isPending}
          onClick={() => download.mutate(month)}
        />
      </DeskToolbar>
      {recap.data && (
        <p className="form-help">
          {t('recap.help', { grace: recap.data.graceMinutes, hours: ATTENDANCE_LONG_SHIFT_HOURS })}
        </p>
      )}
      <DeskTable
        labelledBy={headingId}
        query={recap}
        rows={recap.data?.rows}
        dataKey="staff.id"
        emptyMessage={t('recap.empty')}
      >
        {textColumn(t('recap.columns.name'), (row: AttendanceRecapRow) => row.staff.name)}
        <Column header={t('recap.columns.daysPresent')} field="daysPresent" />
        {textColumn(t('recap.columns.hours'), (row: AttendanceRecapRow) => formatMinutes(row.totalMinutes))}
        <Column header={t('recap.columns.rostered')} field="rosteredShifts" />
        <Column header={t('recap.columns.late')} field="lateArrivals" />
        <Column header={t('recap.columns.missed')} field="missedShifts" />
        <Column header={t('recap.columns.long', { hours: ATTENDANCE_LONG_SHIFT_HOURS })} field="longShifts" />
      </DeskTable>
    </section>
  );
}
