import './DutyLog.css';
import type { DutyLogEntry, DutyOutcome, DutyRole } from '@portal/contract';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { SelectButton } from 'primereact/selectbutton';
import { Tag } from 'primereact/tag';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDutyLog } from '../../api/duty';
import { contactNs } from '../../i18n/contact';
import { formatDateTime } from '../../i18n/format';
import { PrimeScope } from '../../components/PrimeScope';
import { piketNs } from './i18n';
import { serverPaging } from '../../components/serverPaging';

// Not the contract's `dutyRoles`: a value from the contract brings all of its zod schemas into the chunk.
const ROLES: readonly DutyRole[] = ['piket', 'cs'];

const outcomeSeverity: Record<DutyOutcome, 'success' | 'danger' | 'warning'> = {
  success: 'success',
  wrong_password: 'danger',
  throttled: 'warning',
};

type RoleFilter = DutyRole | 'all';

/** Every handover and every failed attempt, newest first, paged by the server. */
export default function DutyLog() {
  const { t } = useTranslation([piketNs, contactNs]);
  const titleId = useId();
  const filterId = useId();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [role, setRole] = useState<RoleFilter>('all');
  const { data, isFetching } = useDutyLog({ page, pageSize, role: role === 'all' ? null : role });

  const filterOptions = [
    { value: 'all', label: t('filterAll') },
    ...ROLES.map((value) => ({ value, label: t(`contact:roles.${value}`) })),
  ];

  return (
    <PrimeScope>
      <section aria-labelledby={titleId}>
        <h2 id={titleId}>{t('logTitle')}</h2>
        <div className="duty-log-filter">
          <span id={filterId} className="duty-log-filter-label">
            {t('filterLabel')}
          </span>
          <SelectButton
            aria-labelledby={filterId}
            value={role}
            options={filterOptions}
            allowEmpty={false}
            onChange={(event) => {
              setRole(event.value as RoleFilter);
              setPage(1);
            }}
          />
        </div>
        <DataTable
          value={data?.items ?? []}
          dataKey="id"
          {...serverPaging({
            page,
            pageSize,
            total: data?.total,
            onPage: (nextPage, nextSize) => {
              setPage(nextPage);
              setPageSize(nextSize);
            },
          })}
          loading={isFetching}
          emptyMessage={t('empty')}
          size="small"
          stripedRows
        >
          <Column
            header={t('columns.at')}
            body={(entry: DutyLogEntry) => (
              <time className="duty-log-time" dateTime={entry.at}>
                {formatDateTime(entry.at)}
              </time>
            )}
          />
          <Column
            header={t('columns.role')}
            body={(entry: DutyLogEntry) => t(`contact:roles.${entry.role}`)}
          />
          <Column header={t('columns.staff')} body={(entry: DutyLogEntry) => entry.staff.name} />
          <Column
            header={t('columns.previous')}
            body={(entry: DutyLogEntry) => entry.previous?.name ?? t('none')}
          />
          <Column
            header={t('columns.outcome')}
            body={(entry: DutyLogEntry) => (
              <Tag severity={outcomeSeverity[entry.outcome]} value={t(`outcomes.${entry.outcome}`)} />
            )}
          />
          <Column header={t('columns.address')} field="address" />
        </DataTable>
      </section>
    </PrimeScope>
  );
}
