import '../../components/forms.css';
import '../../components/orders.css';
import type { DeskComplaint, DeskComplaintDetail } from '@portal/contract';
import { type ComplaintStatus, complaintStatuses, complaintStatusMoves } from '@portal/contract/constants';
import { Button } from 'primereact/button';
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
import { DeskDetail, type OpenedRecord } from '../../components/DeskDetail';
import { DeskSection } from '../../components/DeskSection';
import { codeColumn, dateTimeColumn, openColumn, tagColumn, textColumn } from '../../components/DeskTable';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { PrimeScope } from '../../components/PrimeScope';
import { errorText } from '../../components/serverErrors';
import { StatusTimeline } from '../../components/StatusTimeline';
import { complaintStatusSeverity } from '../../components/statusSeverity';
import { formatTrackingCode } from '../../components/trackingCode';
import { useDeskFilter } from '../../components/useDeskFilter';
import { useSuccessToast } from '../../components/useSuccessToast';
import { HospitalTime } from '../../components/HospitalTime';
import { complaintsNs } from '../../i18n/complaints';
import { ComplaintCategories } from './ComplaintCategories';
import { mejaPengaduanNs } from './i18n';

/** Category codes are the hospital's own: any value is passed on, and an unknown one finds nothing. */
const FILTERS = { status: complaintStatuses, category: /./ };

export default function ComplaintsDesk() {
  const { t } = useTranslation([mejaPengaduanNs, complaintsNs]);
  const { toast, show } = useSuccessToast();
  const categories = useComplaintCategories();
  const { session } = useSession();
  const desk = useDeskFilter(FILTERS);
  const { status, category } = desk.filter;
  const [openId, setOpenId] = useState<number | null>(null);
  const complaints = useDeskComplaints({ status, category, page: desk.page, pageSize: desk.pageSize });

  return (
    <PrimeScope>
      {toast}
      <DeskSection
        title={t('list.title')}
        query={complaints}
        desk={desk}
        emptyMessage={t('list.empty')}
        filters={
          <>
            <FilterSelect
              label={t('filters.status')}
              options={complaintStatuses.map((value) => ({
                value,
                label: t(`complaints:statuses.${value}`),
              }))}
              {...desk.select('status')}
            />
            <FilterSelect
              label={t('filters.category')}
              options={(categories.data ?? []).map((option) => ({ value: option.code, label: option.name }))}
              {...desk.select('category')}
            />
          </>
        }
      >
        {codeColumn(t('list.columns.code'), (complaint: DeskComplaint) => complaint.code)}
        {dateTimeColumn(t('list.columns.createdAt'), (complaint: DeskComplaint) => complaint.createdAt)}
        {textColumn(t('list.columns.category'), (complaint: DeskComplaint) => complaint.category.name)}
        {textColumn(
          t('list.columns.name'),
          (complaint: DeskComplaint) => complaint.name ?? t('list.anonymous'),
        )}
        {tagColumn(t('list.columns.status'), (complaint: DeskComplaint) => ({
          severity: complaintStatusSeverity[complaint.status],
          value: t(`complaints:statuses.${complaint.status}`),
        }))}
        {openColumn(t('list.columns.actions'), {
          label: t('list.open'),
          ariaLabel: (complaint: DeskComplaint) =>
            t('list.openLabel', { code: formatTrackingCode(complaint.code) }),
          onOpen: (complaint) => setOpenId(complaint.id),
        })}
      </DeskSection>
      {openId !== null && (
        <ComplaintDetail key={openId} id={openId} onClose={() => setOpenId(null)} onDone={show} />
      )}
      {hasRole(session, ['admin']) && <ComplaintCategories onDone={show} />}
    </PrimeScope>
  );
}

function ComplaintDetail({ id, onClose, onDone }: OpenedRecord) {
  const { t } = useTranslation([mejaPengaduanNs, complaintsNs]);
  const { data: complaint } = useDeskComplaint(id);

  return (
    <DeskDetail
      record={complaint}
      title={(record) => t('detail.title', { code: formatTrackingCode(record.code) })}
      onClose={onClose}
    >
      {(complaint) => (
        <>
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
            <dd>
              <HospitalTime iso={complaint.createdAt} />
            </dd>
            <dt>{t('detail.message')}</dt>
            <dd className="complaint-message">{complaint.message}</dd>
          </dl>
          <h3>{t('detail.answers')}</h3>
          <StatusTimeline
            emptyText={t('detail.noAnswers')}
            entries={complaint.responses.map((answer) => ({
              key: answer.id,
              at: answer.at,
              by: t('detail.by', { name: answer.staff.name }),
              text: answer.message,
            }))}
          />
          <AnswerForm complaint={complaint} onDone={onDone} />
          <StatusButtons complaint={complaint} onDone={onDone} />
        </>
      )}
    </DeskDetail>
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
