import type { AttendanceShift } from '@portal/contract';
import { ATTENDANCE_LONG_SHIFT_HOURS } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { type MouseEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useClockIn, useClockOut, useMyAttendance } from '../../api/attendance';
import { DeskTable } from '../../components/DeskTable';
import { formatDateTime, formatDayDate, formatTime, hospitalDate } from '../../i18n/format';
import { absensiNs } from './i18n';
import { formatMinutes } from './minutes';

const hours = ATTENDANCE_LONG_SHIFT_HOURS;

/** The time of a clock-out, with its date when that is another day than the clock-in (a night shift). */
export function clockOutLabel(clockIn: string, clockOut: string): string {
  const sameDay = hospitalDate(new Date(clockIn)) === hospitalDate(new Date(clockOut));
  return sameDay ? formatTime(clockOut) : formatDateTime(clockOut);
}

/** The big clock-in / clock-out button with my state, and my shifts of this month. */
export function MyAttendance({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(absensiNs);
  const headingId = useId();
  const monthId = useId();
  const me = useMyAttendance();
  const clockIn = useClockIn();
  const clockOut = useClockOut();
  const open = me.data?.open ?? null;
  const busy = clockIn.isPending || clockOut.isPending;
  // The button turns from clock-in into clock-out in place, so the second click of a double click would
  // close the shift just opened (the server refuses that too, within a minute of the clock-in).
  const singleClick = (action: () => void) => (event: MouseEvent) => {
    if (event.detail <= 1) action();
  };

  const durationOf = (shift: AttendanceShift) => {
    if (shift.minutes === null) return t('me.open');
    return formatMinutes(shift.minutes);
  };

  return (
    <>
      <section aria-labelledby={headingId} className="attendance-clock">
        <h2 id={headingId}>{t('me.title')}</h2>
        {me.data && (
          <p className="attendance-state" role="status">
            {open ? t('me.working', { time: formatDateTime(open.clockIn) }) : t('me.notWorking')}
          </p>
        )}
        {open?.tooLong && <Message severity="warn" text={t('me.tooLong', { hours })} />}
        {open ? (
          <Button
            type="button"
            size="large"
            severity="danger"
            icon="pi pi-sign-out"
            label={t('me.clockOut')}
            loading={clockOut.isPending}
            disabled={busy}
            onClick={singleClick(() =>
              clockOut.mutate(undefined, {
                onSuccess: (shift) =>
                  onDone(
                    t('me.clockedOut', {
                      time: formatTime(shift.clockOut ?? shift.clockIn),
                      duration: formatMinutes(shift.minutes ?? 0),
                    }),
                  ),
              }),
            )}
          />
        ) : (
          <Button
            type="button"
            size="large"
            severity="success"
            icon="pi pi-sign-in"
            label={t('me.clockIn')}
            disabled={!me.data || busy}
            loading={clockIn.isPending}
            onClick={singleClick(() =>
              clockIn.mutate(undefined, {
                onSuccess: (shift) => onDone(t('me.clockedIn', { time: formatTime(shift.clockIn) })),
              }),
            )}
          />
        )}
        <small className="form-help">{t('me.serverClock')}</small>
      </section>

      <section aria-labelledby={monthId}>
        <div className="attendance-head">
          <h2 id={monthId}>{t('me.monthTitle')}</h2>
          {me.data && (
            <span className="attendance-total">
              {t('me.total', { duration: formatMinutes(me.data.totalMinutes) })}
            </span>
          )}
        </div>
        <DeskTable query={me} rows={me.data?.shifts} emptyMessage={t('me.empty')} labelledBy={monthId}>
          <Column
            header={t('me.columns.date')}
            body={(shift: AttendanceShift) => formatDayDate(hospitalDate(new Date(shift.clockIn)))}
          />
          <Column
            header={t('me.columns.in')}
            body={(shift: AttendanceShift) => (
              <time dateTime={shift.clockIn}>{formatTime(shift.clockIn)}</time>
            )}
          />
          <Column
            header={t('me.columns.out')}
            body={(shift: AttendanceShift) =>
              shift.clockOut ? (
                <time dateTime={shift.clockOut}>{clockOutLabel(shift.clockIn, shift.clockOut)}</time>
              ) : (
                t('none')
              )
            }
          />
          <Column
            header={t('me.columns.duration')}
            body={(shift: AttendanceShift) => (
              <>
                {durationOf(shift)}
                {shift.tooLong && (
                  <Tag className="attendance-flag" severity="warning" value={t('me.tooLongTag', { hours })} />
                )}
              </>
            )}
          />
        </DeskTable>
      </section>
    </>
  );
}
