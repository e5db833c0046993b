import '../../components/forms.css';
import '../../components/lists.css';
import './surveiKepuasan.css';
import { type SurveyGrade, type SurveyIndexRow, surveyElementNames, surveyElements } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Message } from 'primereact/message';
import type { TagProps } from 'primereact/tag';
import { type CSSProperties, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDownloadSurveyIndex, useSurveyIndex } from '../../api/surveys';
import { DeskTable, tagColumn, textColumn } from '../../components/DeskTable';
import { DeskToolbar } from '../../components/DeskToolbar';
import { MonthField } from '../../components/MonthField';
import { PrimeScope } from '../../components/PrimeScope';
import { formatMonth, formatTwoDecimals, hospitalDate } from '../../i18n/format';
import { surveiKepuasanNs } from './i18n';

const gradeSeverity: Record<SurveyGrade, TagProps['severity']> = {
  A: 'success',
  B: 'info',
  C: 'warning',
  D: 'danger',
};

/** The satisfaction index per unit and month, with its chart, the comments and the CSV; admins only. */
export default function SurveiKepuasanPage() {
  const { t } = useTranslation(surveiKepuasanNs);
  const headingId = useId();
  const thisMonth = hospitalDate(new Date()).slice(0, 7);
  const [from, setFrom] = useState(() => `${thisMonth.slice(0, 4)}-01`);
  const [to, setTo] = useState(thisMonth);
  const index = useSurveyIndex(from, to);
  const download = useDownloadSurveyIndex();
  const rows = index.data?.rows;
  const badPeriod = from > to;

  return (
    <PrimeScope>
      <div className="card">
        <p className="form-help">{t('intro')}</p>
        <DeskToolbar count={rows ? t('count', { count: rows.length }) : undefined}>
          <MonthField label={t('from')} value={from} onChange={setFrom} />
          <MonthField label={t('to')} value={to} onChange={setTo} />
          <Button
            type="button"
            icon="pi pi-download"
            label={t('download')}
            outlined
            disabled={badPeriod}
            loading={download.isPending}
            onClick={() => download.mutate({ from, to })}
          />
        </DeskToolbar>
        {badPeriod && <Message className="form-message" severity="warn" text={t('badPeriod')} />}
      </div>
      <section className="card" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('table.title')}</h2>
        <DeskTable labelledBy={headingId} query={index} rows={rows} emptyMessage={t('table.empty')}>
          {textColumn(t('table.columns.month'), (row: SurveyIndexRow) => formatMonth(row.month))}
          {textColumn(t('table.columns.unit'), (row: SurveyIndexRow) => row.unitName)}
          <Column header={t('table.columns.respondents')} field="respondents" />
          {surveyElements.map((element, position) => (
            <Column
              key={element}
              header={
                <abbr
                  title={t('table.elementTitle', { number: position + 1, name: surveyElementNames[element] })}
                >
                  {t('table.elementHeader', { number: position + 1 })}
                </abbr>
              }
              body={(row: SurveyIndexRow) => formatTwoDecimals(row.nrr[element])}
            />
          ))}
          {textColumn(t('table.columns.index'), (row: SurveyIndexRow) => formatTwoDecimals(row.index))}
          {tagColumn(t('table.columns.grade'), (row: SurveyIndexRow) => ({
            severity: gradeSeverity[row.grade],
            value: t(`grades.${row.grade}`),
          }))}
        </DeskTable>
      </section>
      {rows && rows.length > 0 && <IndexChart rows={rows} />}
      {index.data && <Comments comments={index.data.comments} />}
    </PrimeScope>
  );
}

/** Where an index (25–100) lies on the chart's scale, as a share of the bar's room. */
const share = (index: number) => (index - 25) / 75;
const position = (index: number) => ({ '--share': share(index) }) as CSSProperties;

/**
 * One bar per unit and month, on the index's scale, with the lines where B and A begin. Drawn in HTML,
 * so that a unit's name wraps and its text keeps the page's size at any width.
 */
function IndexChart({ rows }: { rows: readonly SurveyIndexRow[] }) {
  const { t } = useTranslation(surveiKepuasanNs);
  const titleId = useId();
  const descriptionId = useId();
  const thresholds = [76.61, 88.31].map((threshold) => (
    <span key={threshold} className="survey-threshold" style={position(threshold)} />
  ));
  return (
    <figure className="card survey-chart">
      <figcaption>
        <h2 id={titleId}>{t('chart.title')}</h2>
        <p id={descriptionId} className="form-help">
          {t('chart.description')}
        </p>
      </figcaption>
      <div className="survey-plot" role="img" aria-labelledby={titleId} aria-describedby={descriptionId}>
        {rows.map((row) => (
          <div
            key={`${row.month}-${row.unit}-${row.clinic?.id ?? ''}`}
            className="survey-plot-row"
            title={t('chart.bar', {
              unit: row.unitName,
              month: formatMonth(row.month),
              index: formatTwoDecimals(row.index),
              grade: row.grade,
            })}
          >
            <span className="survey-plot-label">
              {row.unitName} · {formatMonth(row.month)}
            </span>
            <span className="survey-plot-track">
              {thresholds}
              <span className={`survey-bar survey-bar-${row.grade}`} style={position(row.index)} />
              <span className="survey-bar-value">
                {formatTwoDecimals(row.index)} {row.grade}
              </span>
            </span>
          </div>
        ))}
        <div className="survey-plot-row">
          <span />
          <span className="survey-plot-track survey-plot-axis">
            {[25, 50, 75, 100].map((tick) => (
              <span key={tick} className="survey-tick" style={position(tick)}>
                {tick}
              </span>
            ))}
          </span>
        </div>
      </div>
    </figure>
  );
}

function Comments({
  comments,
}: {
  comments: readonly { month: string; unitName: string; comment: string }[];
}) {
  const { t } = useTranslation(surveiKepuasanNs);
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('comments.title')}</h2>
      <p className="form-help">{t('comments.help')}</p>
      {comments.length === 0 ? (
        <p>{t('comments.empty')}</p>
      ) : (
        <ul className="survey-comments">
          {comments.map((entry, position) => (
            <li key={position}>
              <strong>
                {entry.unitName} · {formatMonth(entry.month)}
              </strong>
              <p>{entry.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
