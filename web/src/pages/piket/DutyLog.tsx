import './DutyLog.css';
import type { DutyLogEntry, DutyOutcome, DutyRole } from '@portal/contract';
import { Column } from 'primereact/column';
import { SelectButton } from 'primereact/selectbutton';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDutyLog } from '../../api/duty';
import { contactNs } from '../../i18n/contact';
import { PrimeScope } from '../../components/PrimeScope';
import { piketNs } from './i18n';
import { dateTimeColumn, DeskTable, tagColumn } from '../../components/DeskTable';
import { useDeskFilter } from '../../components/useDeskFilter';

// Not the contract's `dutyRoles`: a value from the contract brings all of its zod schemas into the chunk.
const ROLES: readonly DutyRole[] = ['piket', 'cs'];

const outcomeSeverity: Record<DutyOutcome, 'success' | 'danger' | 'warning'> = {
  success: 'success',
  wrong_password: 'danger',
  throttled: 'warning',
};

const FILTERS = { role: ROLES };
const ALL = 'all';

/** Every handover and every failed attempt, newest first, paged by the server. */
export default function DutyLog() {
  const { t } = useTranslation([piketNs, contactNs]);
  const titleId = useId();
  const filterId = useId();
  const desk = useDeskFilter(FILTERS);
  const { role } = desk.filter;
  const log = useDutyLog({ page: desk.page, pageSize: desk.pageSize, role });

  const filterOptions = [
    { value: ALL, label: t('filterAll') },
    ...ROLES.map((value) => ({ value, label: t(`contact:roles.${value}`) })),
  ];

  return (
    <PrimeScope>
      <section aria-labelledby={titleId}>
        <h2 id={titleId}>{t('logTitle')}</h2>
        <div className="duty-log-filter print-omit">
          <span id={filterId} className="duty-log-filter-label">
            {t('filterLabel')}
          </span>
          <SelectButton
            aria-labelledby={filterId}
            value={role ?? ALL}
            options={filterOptions}
            allowEmpty={false}
            onChange={(event) =>
              desk.setFilter('role', event.value === ALL ? null : (event.value as DutyRole))
            }
          />
        </div>
        <DeskTable labelledBy={titleId} query={log} desk={desk} emptyMessage={t('empty')}>
          {dateTimeColumn(t('columns.at'), (entry: DutyLogEntry) => entry.at)}
          <Column
            header={t('columns.role')}
            body={(entry: DutyLogEntry) => t(`contact:roles.${entry.role}`)}
          />
          <Column header={t('columns.staff')} body={(entry: DutyLogEntry) => entry.staff.name} />
          <Column
            header={t('columns.previous')}
            body={(entry: DutyLogEntry) => entry.previous?.name ?? t('none')}
          />
          {tagColumn(t('columns.outcome'), (entry: DutyLogEntry) => ({
            severity: outcomeSeverity[entry.outcome],
            value: t(`outcomes.${entry.outcome}`),
          }))}
          <Column header={t('columns.address')} field="address" />
        </DeskTable>
      </section>
    </PrimeScope>
  );
}
