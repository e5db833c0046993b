import '../../components/DeskTable.css';
import '../../components/forms.css';
import '../../components/orders.css';
import './SistemPage.css';
import type { OutboxBacklog, SimrsLinkTable, SystemStatus } from '@portal/contract';
import { Column } from 'primereact/column';
import { Message } from 'primereact/message';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSystemStatus } from '../../api/system';
import { PrimeScope } from '../../components/PrimeScope';
import { QueryError } from '../../components/DeskTable';
import { DeskTable, loadedQuery } from '../../components/DeskTable';
import { formatDateTime, formatDecimal, formatTimeAgo, zoneLabel } from '../../i18n/format';
import { sistemNs } from './i18n';

/** A backup older than this missed its nightly run (a day, and two hours' slack for a slow one). */
const BACKUP_STALE_MS = 26 * 60 * 60 * 1000;

const megabytes = (bytes: number) => formatDecimal(bytes / (1024 * 1024));

/**
 * The admins' view of the server: what runs and since when, the database and its last backup, what waits
 * in the outbox, how far the copy of the SIMRS is (linked mode), and what in the configuration needs
 * attention. Read again every 30 seconds.
 */
export default function SistemPage() {
  const { t } = useTranslation(sistemNs);
  const { t: tShell } = useTranslation();
  const status = useSystemStatus();
  const { data } = status;

  return (
    <PrimeScope>
      <p className="form-help">{t('intro')}</p>
      <QueryError query={status} />
      {status.isPending && !status.error && <p>{tShell('common.loading')}</p>}
      {data && (
        <div className="system-grid">
          <Warnings status={data} />
          <ServerCard status={data} />
          <DatabaseCard status={data} />
          <BackupCard status={data} />
          <OutboxCard status={data} />
          {data.simrsLink && <SimrsLinkCard link={data.simrsLink} now={data.checkedAt} />}
        </div>
      )}
    </PrimeScope>
  );
}

/** A card with its heading, which names it. */
function Card({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={`card system-card ${className ?? ''}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/** A moment as the hospital's clock shows it, and how long before the server's `now` it was. */
function Moment({ iso, now }: { iso: string; now: string }) {
  const { t } = useTranslation(sistemNs);
  const { t: tShell } = useTranslation();
  return (
    <time dateTime={iso}>
      {t('moment', {
        time: tShell('common.zoned', { time: formatDateTime(iso), zone: zoneLabel() }),
        ago: formatTimeAgo(iso, now),
      })}
    </time>
  );
}

function Warnings({ status }: { status: SystemStatus }) {
  const { t } = useTranslation(sistemNs);
  return (
    <Card title={t('warnings.title')} className="system-wide">
      {status.warnings.length === 0 ? (
        <Message severity="success" text={t('warnings.none')} />
      ) : (
        <ul className="system-warnings">
          {status.warnings.map((warning) => (
            <li key={warning.code}>
              <Message
                severity="warn"
                text={t(`warnings.codes.${warning.code}`, { defaultValue: warning.message })}
              />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function ServerCard({ status }: { status: SystemStatus }) {
  const { t } = useTranslation(sistemNs);
  return (
    <Card title={t('server.title')}>
      <dl className="order-details">
        <dt>{t('server.version')}</dt>
        <dd>
          {status.version}{' '}
          {status.commit ? (
            <code title={status.commit}>{status.commit.slice(0, 7)}</code>
          ) : (
            `(${t('server.unknownCommit')})`
          )}
        </dd>
        <dt>{t('server.node')}</dt>
        <dd>{status.node}</dd>
        <dt>{t('server.startedAt')}</dt>
        <dd>
          <Moment iso={status.startedAt} now={status.checkedAt} />
        </dd>
        <dt>{t('server.workers')}</dt>
        <dd>{status.workers}</dd>
        <dt>{t('server.staffSessions')}</dt>
        <dd>{status.staffSessions}</dd>
      </dl>
    </Card>
  );
}

function DatabaseCard({ status }: { status: SystemStatus }) {
  const { t } = useTranslation(sistemNs);
  return (
    <Card title={t('database.title')}>
      <dl className="order-details">
        <dt>{t('database.kind')}</dt>
        <dd>{t(`database.kinds.${status.database.kind}`)}</dd>
        <dt>{t('database.size')}</dt>
        <dd>{t('database.megabytes', { size: megabytes(status.database.sizeBytes) })}</dd>
      </dl>
    </Card>
  );
}

function BackupCard({ status }: { status: SystemStatus }) {
  const { t } = useTranslation(sistemNs);
  const { backup, checkedAt } = status;
  const stale = backup !== null && Date.parse(checkedAt) - Date.parse(backup.finishedAt) > BACKUP_STALE_MS;
  return (
    <Card title={t('backup.title')}>
      {backup === null && <Message className="form-message" severity="warn" text={t('backup.none')} />}
      {stale && <Message className="form-message" severity="warn" text={t('backup.stale')} />}
      {backup && (
        <dl className="order-details">
          <dt>{t('backup.finishedAt')}</dt>
          <dd>
            <Moment iso={backup.finishedAt} now={checkedAt} />
          </dd>
          <dt>{t('backup.file')}</dt>
          <dd className="system-file">{backup.file}</dd>
          <dt>{t('backup.size')}</dt>
          <dd>{t('database.megabytes', { size: megabytes(backup.sizeBytes) })}</dd>
          <dt>{t('backup.kind')}</dt>
          <dd>{t(`backup.kinds.${backup.kind}`)}</dd>
          <dt>{t('backup.drilledAt')}</dt>
          <dd>
            {backup.drilledAt ? <Moment iso={backup.drilledAt} now={checkedAt} /> : t('backup.neverDrilled')}
          </dd>
        </dl>
      )}
    </Card>
  );
}

function OutboxCard({ status }: { status: SystemStatus }) {
  const { t } = useTranslation(sistemNs);
  const headingId = useId();
  const { checkedAt } = status;
  return (
    <section className="card system-card system-wide" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('outbox.title')}</h2>
      <DeskTable
        query={loadedQuery}
        rows={status.outbox}
        dataKey="channel"
        labelledBy={headingId}
        emptyMessage=""
      >
        <Column
          header={t('outbox.columns.channel')}
          body={(row: OutboxBacklog) => t(`outbox.channels.${row.channel}`)}
        />
        <Column header={t('outbox.columns.pending')} field="pending" />
        <Column header={t('outbox.columns.failed')} field="failed" />
        <Column
          header={t('outbox.columns.oldestPendingAt')}
          body={(row: OutboxBacklog) =>
            row.oldestPendingAt ? (
              <Moment iso={row.oldestPendingAt} now={checkedAt} />
            ) : (
              t('outbox.nothingWaits')
            )
          }
        />
        <Column
          header={t('outbox.columns.lastSentAt')}
          body={(row: OutboxBacklog) =>
            row.lastSentAt ? <Moment iso={row.lastSentAt} now={checkedAt} /> : t('outbox.neverSent')
          }
        />
      </DeskTable>
    </section>
  );
}

/** Linked mode: the SIMRS the portal mirrors, and per mirrored table how far its copy is and what went wrong. */
function SimrsLinkCard({ link, now }: { link: NonNullable<SystemStatus['simrsLink']>; now: string }) {
  const { t } = useTranslation(sistemNs);
  const headingId = useId();
  return (
    <section className="card system-card system-wide" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('simrsLink.title')}</h2>
      <dl className="order-details">
        <dt>{t('simrsLink.target')}</dt>
        <dd className="system-file">
          <code>{link.target}</code>
        </dd>
      </dl>
      <p className="form-help">{t('simrsLink.help')}</p>
      <DeskTable
        query={loadedQuery}
        rows={link.tables}
        dataKey="table"
        labelledBy={headingId}
        emptyMessage=""
      >
        <Column
          header={t('simrsLink.columns.table')}
          body={(row: SimrsLinkTable) => <code>{row.table}</code>}
        />
        <Column
          header={t('simrsLink.columns.rowsMirrored')}
          body={(row: SimrsLinkTable) => formatDecimal(row.rowsMirrored)}
        />
        <Column
          header={t('simrsLink.columns.rowsRejected')}
          body={(row: SimrsLinkTable) => (
            <>
              {formatDecimal(row.rowsRejected)}
              {row.lastRejection && (
                <small className="system-note">
                  {t('simrsLink.lastRejection', { reason: row.lastRejection })}
                </small>
              )}
            </>
          )}
        />
        <Column
          header={t('simrsLink.columns.firstMirror')}
          body={(row: SimrsLinkTable) =>
            row.fullDone
              ? t('simrsLink.firstMirrorDone')
              : t('simrsLink.firstMirrorAt', { recno: row.fullRecno })
          }
        />
        <Column
          header={t('simrsLink.columns.syncedAt')}
          body={(row: SimrsLinkTable) =>
            row.syncedAt ? <Moment iso={row.syncedAt} now={now} /> : t('simrsLink.notSynced')
          }
        />
        <Column
          header={t('simrsLink.columns.lastError')}
          body={(row: SimrsLinkTable) =>
            row.lastError ? (
              <span className="system-error">
                {row.lastError}
                {row.lastErrorAt && (
                  <small className="system-note">
                    <Moment iso={row.lastErrorAt} now={now} />
                  </small>
                )}
              </span>
            ) : (
              t('simrsLink.noError')
            )
          }
        />
      </DeskTable>
    </section>
  );
}
