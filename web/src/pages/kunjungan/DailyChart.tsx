import type { DailyCount } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDayDate, formatDecimal } from '../../i18n/format';
import { kunjunganNs } from './i18n';

const HEIGHT = 100;

/**
 * The count of each day of the range as bars: drawn here in SVG, a few lines instead of a chart library. Each
 * bar names its day and count; the figure says the highest and the average, and the numbers are in a table
 * that opens under it.
 */
export function DailyChart({ days }: { days: readonly DailyCount[] }) {
  const { t } = useTranslation(kunjunganNs);
  const titleId = useId();
  const max = Math.max(0, ...days.map((day) => day.count));
  const busiest = days.find((day) => day.count === max);
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const summary =
    max === 0 || !busiest
      ? t('chart.empty')
      : t('chart.summary', {
          max: formatDecimal(max),
          date: formatDate(busiest.date),
          average: formatDecimal(total / days.length),
        });
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure className="daily-chart" aria-labelledby={titleId}>
      <figcaption id={titleId}>
        <strong>{t('chart.title')}</strong> {summary}
      </figcaption>
      <div className="daily-chart-plot">
        <span className="daily-chart-max" aria-hidden="true">
          {formatDecimal(max)}
        </span>
        <svg
          viewBox={`0 0 ${Math.max(days.length, 1)} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
        >
          {max > 0 &&
            days.map((day, index) => {
              const height = (day.count / max) * HEIGHT;
              return (
                <rect
                  key={day.date}
                  x={index + 0.1}
                  y={HEIGHT - height}
                  width={0.8}
                  height={height}
                  className="daily-chart-bar"
                >
                  <title>
                    {t('chart.bar', { date: formatDayDate(day.date), value: formatDecimal(day.count) })}
                  </title>
                </rect>
              );
            })}
        </svg>
      </div>
      {first && last && (
        <div className="daily-chart-axis" aria-hidden="true">
          <span>{formatDate(first.date)}</span>
          <span>{formatDate(last.date)}</span>
        </div>
      )}
      {max > 0 && (
        <details className="daily-chart-numbers">
          <summary>{t('chart.table')}</summary>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('chart.date')}</th>
                <th scope="col">{t('chart.count')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <td>{formatDayDate(day.date)}</td>
                  <td>{formatDecimal(day.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}
