import type { DutyRole, RosterEntry, RosterShift } from '@portal/contract';
import { rosterShiftHours } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoster, useRosterNow } from '../../api/attendance';
import { contactNs } from '../../i18n/contact';
import { formatClock, formatDayDate, formatMonth, hospitalDate } from '../../i18n/format';
import { piketNs } from './i18n';
import { addMonths, daysOfMonth, formatGridDay } from './months';
import { type RosterCell, RosterDialog } from './RosterDialog';

// Not the contract's lists: a value from the contract brings all of its zod schemas into the chunk.
const SHIFTS: readonly RosterShift[] = ['pagi', 'siang', 'malam'];
const ROLES: readonly DutyRole[] = ['piket', 'cs'];

/** A month as a grid of dates × shifts with the planned officer of each post; admins pick a cell to plan it. */
export function RosterCalendar({ canPlan, onDone }: { canPlan: boolean; onDone: (message: string) => void }) {
  const { t } = useTranslation([piketNs, contactNs]);
  const headingId = useId();
  const today = hospitalDate(new Date());
  const [month, setMonth] = useState(today.slice(0, 7));
  const days = daysOfMonth(month);
  const from = `${month}-01`;
  const { data: entries, isFetching } = useRoster(from, days.at(-1) ?? from);
  const { data: now } = useRosterNow();
  const [editing, setEditing] = useState<RosterCell | null>(null);

  const entryOf = (date: string, shift: RosterShift, role: DutyRole): RosterEntry | undefined =>
    entries?.find((entry) => entry.date === date && entry.shift === shift && entry.role === role);

  return (
    <section aria-labelledby={headingId} className="roster-calendar">
      <div className="roster-head">
        <h2 id={headingId}>
          {t('calendar.title')}: {formatMonth(month)}
        </h2>
        <div className="roster-nav">
          <Button
            type="button"
            icon="pi pi-chevron-left"
            text
            aria-label={t('calendar.previous')}
            onClick={() => setMonth(addMonths(month, -1))}
          />
          <Button
            type="button"
            icon="pi pi-chevron-right"
            text
            aria-label={t('calendar.next')}
            onClick={() => setMonth(addMonths(month, 1))}
          />
        </div>
      </div>
      {canPlan && <p className="form-help print-omit">{t('calendar.help')}</p>}
      <div className="roster-scroll">
        <table className="roster-table" aria-labelledby={headingId} aria-busy={isFetching}>
          <thead>
            <tr>
              <th scope="col">{t('calendar.date')}</th>
              {SHIFTS.map((shift) => (
                <th key={shift} scope="col">
                  {t(`shifts.${shift}`)}{' '}
                  <span className="roster-hours">
                    {formatClock(rosterShiftHours[shift].start)}–{formatClock(rosterShiftHours[shift].end)}
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {days.map((date) => (
              <tr key={date} className={date === today ? 'roster-today' : undefined}>
                <th scope="row" aria-current={date === today ? 'date' : undefined}>
                  <time dateTime={date} title={formatDayDate(date)}>
                    {formatGridDay(date)}
                  </time>
                </th>
                {SHIFTS.map((shift) => (
                  <td
                    key={shift}
                    className={now?.date === date && now.shift === shift ? 'roster-current' : undefined}
                  >
                    {ROLES.map((role) => {
                      const entry = entryOf(date, shift, role);
                      const cell = { date, shift, role, entry };
                      const label = t('calendar.cellLabel', {
                        post: t(`contact:roles.${role}`),
                        shift: t(`shifts.${shift}`),
                        date: formatDayDate(date),
                        name: entry?.staff.name ?? t('calendar.nobody'),
                      });
                      const text = (
                        <>
                          <span className="roster-role">{t(`calendar.roles.${role}`)}</span>
                          <span className="roster-name">{entry?.staff.name ?? t('calendar.empty')}</span>
                        </>
                      );
                      return canPlan ? (
                        <button
                          key={role}
                          type="button"
                          className="roster-slot roster-slot-button print-keep"
                          aria-label={label}
                          onClick={() => setEditing(cell)}
                        >
                          {text}
                        </button>
                      ) : (
                        <span key={role} className="roster-slot">
                          {text}
                        </span>
                      );
                    })}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && <RosterDialog cell={editing} onClose={() => setEditing(null)} onDone={onDone} />}
    </section>
  );
}
