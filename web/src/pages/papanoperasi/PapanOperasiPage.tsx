import '../../components/phoneRows.css';
import './PapanOperasiPage.css';
import type { PublicOperation } from '@portal/contract';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicOperatingSchedule } from '../../api/operations';
import { Board } from '../../components/Board';
import { formatClock } from '../../i18n/format';
import { papanOperasiNs } from './i18n';

const statusClass = (operation: PublicOperation) =>
  operation.cancelled
    ? 'is-cancelled'
    : operation.status === 'Sedang Berlangsung'
      ? 'is-running'
      : operation.status === 'Selesai'
        ? 'is-done'
        : 'is-waiting';

/**
 * Today's operating list for the waiting area's screens, without anything about the patients, so that
 * families see where the operation stands. The schedule has no event stream: the board reads it again
 * every half minute, in plain markup like the queue board, as it runs all day on TV sets.
 */
export default function PapanOperasiPage() {
  const { t } = useTranslation([papanOperasiNs, 'translation']);
  const { data } = usePublicOperatingSchedule();

  return (
    <Board
      title={t('title')}
      className="operating-board"
      notes={
        <>
          <p>{t('privacy')}</p>
          <p className="operating-board-refresh">{t('refresh')}</p>
        </>
      }
    >
      {!data ? (
        <p>{t('translation:common.loading')}</p>
      ) : data.operations.length === 0 ? (
        <p className="operating-board-empty">{t('empty')}</p>
      ) : (
        <div className="operating-board-list" style={{ '--rows': data.operations.length } as CSSProperties}>
          <table className="operating-board-table phone-rows" aria-label={t('table')}>
            <thead>
              <tr>
                <th scope="col">{t('columns.order')}</th>
                <th scope="col">{t('columns.start')}</th>
                <th scope="col">{t('columns.theatre')}</th>
                <th scope="col">{t('columns.procedure')}</th>
                <th scope="col">{t('columns.surgeon')}</th>
                <th scope="col">{t('columns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.operations.map((operation) => (
                <tr key={`${operation.order}-${operation.theatre}-${operation.procedure}`}>
                  <td>{operation.order}</td>
                  <td>{operation.plannedStart ? formatClock(operation.plannedStart) : t('noTime')}</td>
                  <td>{operation.theatre}</td>
                  <td>{operation.procedure}</td>
                  <td>{operation.surgeon ?? t('noTime')}</td>
                  <td>
                    <span className={`operating-board-status ${statusClass(operation)}`}>
                      {operation.cancelled ? t('cancelled') : t(`statuses.${operation.status}`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Board>
  );
}
