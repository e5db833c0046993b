import { rosterShiftHours } from '@portal/contract/constants';
import { Tag } from 'primereact/tag';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRosterNow } from '../../api/attendance';
import { contactNs } from '../../i18n/contact';
import { formatClock, formatDayDate } from '../../i18n/format';
import { piketNs } from './i18n';

/** Per post: who the roster plans for the current shift, who actually holds it, and a mismatch flagged. */
export function RosterNowPanel() {
  const { t } = useTranslation([piketNs, contactNs]);
  const headingId = useId();
  const { data } = useRosterNow();

  return (
    <section aria-labelledby={headingId} className="roster-now">
      <h2 id={headingId}>{t('now.title')}</h2>
      {data && (
        <>
          <p className="roster-now-shift">
            {t('now.shift', {
              shift: t(`shifts.${data.shift}`),
              date: formatDayDate(data.date),
              hours: `${formatClock(rosterShiftHours[data.shift].start)}–${formatClock(rosterShiftHours[data.shift].end)}`,
            })}
          </p>
          <div className="roster-now-posts">
            {data.posts.map((post) => (
              <article
                key={post.role}
                aria-label={t(`contact:roles.${post.role}`)}
                className={`roster-now-post${post.differs ? ' roster-now-differs' : ''}`}
              >
                <h3>{t(`contact:roles.${post.role}`)}</h3>
                <dl>
                  <dt>{t('now.scheduled')}</dt>
                  <dd>{post.scheduled?.name ?? t('now.notScheduled')}</dd>
                  <dt>{t('now.active')}</dt>
                  <dd>{post.active?.name ?? t('now.nobody')}</dd>
                </dl>
                {post.differs ? (
                  <Tag severity="warning" icon="pi pi-exclamation-triangle" value={t('now.differs')} />
                ) : (
                  post.scheduled && <Tag severity="success" icon="pi pi-check" value={t('now.matches')} />
                )}
              </article>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
