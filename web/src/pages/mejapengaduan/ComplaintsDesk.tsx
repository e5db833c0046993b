import '../../components/forms.css';
import '../../components/orders.css';
import type { DeskComplaint, DeskComplaintDetail } from '@portal/contract';
import { type ComplaintStatus, complaintStatuses, complaintStatusMoves } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import {
  useAnswerComplaint,
  useChangeComplaintStatus,
  useComplaintCategories,
  useDeskComplaint,
  useDeskComplaints,
} from '../../api/complaints';
import { hasRole, useSession } from '../../api/session';
import { FormField } from '../../components/FormField';
import { useSuccessToast } from '../../components/useSuccessToast';
import { complaintsNs } from '../../i18n/complaints';
import { formatDateTime } from '../../i18n/format';
import i18n from '../../i18n';
import { PrimeScope } from '../../components/PrimeScope';
import { formatTrackingCode } from '../../components/trackingCode';
import { complaintStatusSeverity } from '../../components/statusSeverity';
import { ComplaintCategories } from './ComplaintCategories';
import { mejaPengaduanNs } from './i18n';
import { serverPaging } from '../../components/serverPaging';

function errorText(error: Error): string {
  return error instanceof ApiError ? error.message : i18n.t('errors.unexpected');
}

export default function ComplaintsDesk() {
  const { t } = useTranslation([mejaPengaduanNs, complaintsNs]);
  const { toast, show } = useSuccessToast();
  const filterId = useId();
  const categories = useComplaintCategories();
  const { session } = useSession();
  const [status, setStatus] = useState<ComplaintStatus | ''>('');
  const [category, setCategory] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [openId, setOpenId] = useState<number | null>(null);
  const { data, isFetching } = useDeskComplaints({
    status: status || null,
    category: category || null,
    page,
    pageSize,
  });

  return (
    <PrimeScope>
      {toast}
      <section className="card" aria-labelledby="complaints-list">
        <h2 id="complaints-list">{t('list.title')}</h2>
        <div className="desk-filters">
          <FormField id={`${filterId}-status`} label={t('filters.status')}>
            <select
              id={`${filterId}-status`}
              className="p-inputtext p-component"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as ComplaintStatus | '');
                setPage(1);
              }}
            >
              <option value="">{t('filters.all')}</option>
              {complaintStatuses.map((value) => (
                <option key={value} value={value}>
                  {t(`complaints:statuses.${value}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={`${filterId}-category`} label={t('filters.category')}>
            <select
              id={`${filterId}-category`}
              className="p-inputtext p-component"
              value={category}
              onChange={(event) => {
                setCategory(event.target.value);
                setPage(1);
              }}
            >
              <option value="">{t('filters.all')}</option>
              {(categories.data ?? []).map((option) => (
                <option key={option.code} value={option.code}>
                  {option.name}
                </option>
              ))}
            </select>
          </FormField>
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
          emptyMessage={t('list.empty')}
          size="small"
          stripedRows
          pt={{ table: { 'aria-labelledby': 'complaints-list' } }}
        >
          <Column
            header={t('list.columns.code')}
            body={(complaint: DeskComplaint) => formatTrackingCode(complaint.code)}
          />
          <Column
            header={t('list.columns.createdAt')}
            body={(complaint: DeskComplaint) => formatDateTime(complaint.createdAt)}
          />
          <Column
            header={t('list.columns.category')}
            body={(complaint: DeskComplaint) => complaint.category.name}
          />
          <Column
            header={t('list.columns.name')}
            body={(complaint: DeskComplaint) => complaint.name ?? t('list.anonymous')}
          />
          <Column
            header={t('list.columns.status')}
            body={(complaint: DeskComplaint) => (
              <Tag
                severity={complaintStatusSeverity[complaint.status]}
                value={t(`complaints:statuses.${complaint.status}`)}
              />
            )}
          />
          <Column
            header={t('list.columns.actions')}
            body={(complaint: DeskComplaint) => (
              <Button
                type="button"
                size="small"
                outlined
                label={t('list.open')}
                aria-label={t('list.openLabel', { code: formatTrackingCode(complaint.code) })}
                onClick={() => setOpenId(complaint.id)}
              />
            )}
          />
        </DataTable>
      </section>
      {openId !== null && (
        <ComplaintDetail key={openId} id={openId} onClose={() => setOpenId(null)} onDone={show} />
      )}
      {hasRole(session, ['admin']) && <ComplaintCategories onDone={show} />}
    </PrimeScope>
  );
}

function ComplaintDetail({
  id,
  onClose,
  onDone,
}: {
  id: number;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation([mejaPengaduanNs, complaintsNs, 'translation']);
  const { data: complaint } = useDeskComplaint(id);
  if (!complaint)
    return (
      <section className="card">
        <p>{t('translation:common.loading')}</p>
      </section>
    );
  return (
    <section className="card" aria-labelledby="complaint-detail">
      <div className="desk-detail-head">
        <h2 id="complaint-detail">{t('detail.title', { code: formatTrackingCode(complaint.code) })}</h2>
        <Button type="button" text icon="pi pi-times" label={t('detail.close')} onClick={onClose} />
      </div>
      <p className="order-status">
        <Tag
          severity={complaintStatusSeverity[complaint.status]}
          value={t(`complaints:statuses.${complaint.status}`)}
        />
      </p>
      <dl className="order-details">
        <dt>{t('detail.name')}</dt>
        <dd>{complaint.name ?? t('detail.none')}</dd>
        <dt>{t('detail.phone')}</dt>
        <dd>
          <a href={`tel:${complaint.phone}`}>{complaint.phone}</a>
        </dd>
        <dt>{t('detail.category')}</dt>
        <dd>{complaint.category.name}</dd>
        <dt>{t('detail.unit')}</dt>
        <dd>{complaint.unit ?? t('detail.none')}</dd>
        <dt>{t('detail.createdAt')}</dt>
        <dd>{formatDateTime(complaint.createdAt)} WIB</dd>
        <dt>{t('detail.message')}</dt>
        <dd className="complaint-message">{complaint.message}</dd>
      </dl>
      <h3>{t('detail.answers')}</h3>
      {complaint.responses.length === 0 ? (
        <p>{t('detail.noAnswers')}</p>
      ) : (
        <ol className="order-timeline">
          {complaint.responses.map((answer) => (
            <li key={answer.id}>
              <time dateTime={answer.at}>{formatDateTime(answer.at)} WIB</time>{' '}
              {t('detail.by', { name: answer.staff.name })}
              <div className="complaint-message">{answer.message}</div>
            </li>
          ))}
        </ol>
      )}
      <AnswerForm complaint={complaint} onDone={onDone} />
      <StatusButtons complaint={complaint} onDone={onDone} />
    </section>
  );
}

function AnswerForm({
  complaint,
  onDone,
}: {
  complaint: DeskComplaintDetail;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation([mejaPengaduanNs, complaintsNs]);
  const formId = useId();
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState<ComplaintStatus | ''>('');
  const answer = useAnswerComplaint(complaint.id);
  const fields = answer.error instanceof ApiError ? answer.error.fields : undefined;
  const moves = complaintStatusMoves[complaint.status];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    answer.mutate(
      { message, ...(status ? { status } : {}) },
      {
        onSuccess: (updated) => {
          setMessage('');
          setStatus('');
          answer.reset();
          onDone(t('done.answered', { code: formatTrackingCode(updated.code) }));
        },
      },
    );
  };

  return (
    <form className="desk-action" onSubmit={submit} noValidate>
      <h3>{t('detail.answer')}</h3>
      {answer.error && !fields && (
        <Message className="form-message" severity="error" text={errorText(answer.error)} />
      )}
      <div className="form-grid">
        <FormField id={`${formId}-message`} label={t('detail.answerLabel')} error={fields?.message}>
          <textarea
            id={`${formId}-message`}
            rows={3}
            className={`p-inputtext p-component${fields?.message ? ' p-invalid' : ''}`}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </FormField>
        {moves.length > 0 && (
          <FormField id={`${formId}-status`} label={t('detail.answerStatus')} error={fields?.status}>
            <select
              id={`${formId}-status`}
              className="p-inputtext p-component"
              value={status}
              onChange={(event) => setStatus(event.target.value as ComplaintStatus | '')}
            >
              <option value="">
                {t('detail.keepStatus', { status: t(`complaints:statuses.${complaint.status}`) })}
              </option>
              {moves.map((value) => (
                <option key={value} value={value}>
                  {t(`complaints:statuses.${value}`)}
                </option>
              ))}
            </select>
          </FormField>
        )}
        <div>
          <Button type="submit" label={t('detail.answer')} icon="pi pi-send" loading={answer.isPending} />
        </div>
      </div>
    </form>
  );
}

function StatusButtons({
  complaint,
  onDone,
}: {
  complaint: DeskComplaintDetail;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation([mejaPengaduanNs, complaintsNs]);
  const change = useChangeComplaintStatus(complaint.id);
  const moves = complaintStatusMoves[complaint.status];
  return (
    <div className="desk-action">
      <h3>{t('detail.status')}</h3>
      {change.error && <Message className="form-message" severity="error" text={errorText(change.error)} />}
      {moves.length === 0 ? (
        <p>{t('detail.noMoves')}</p>
      ) : (
        <div className="desk-buttons">
          {moves.map((status) => (
            <Button
              key={status}
              type="button"
              outlined
              label={t(`detail.moveTo.${status}`)}
              disabled={change.isPending}
              onClick={() =>
                change.mutate(status, {
                  onSuccess: (updated) =>
                    onDone(
                      t('done.status', {
                        code: formatTrackingCode(updated.code),
                        status: t(`complaints:statuses.${updated.status}`),
                      }),
                    ),
                })
              }
            />
          ))}
        </div>
      )}
    </div>
  );
}
