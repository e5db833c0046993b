import '../../app/forms.css';
import '../ambulance/orders.css';
import type { PublicComplaint } from '@portal/contract';
import type { ComplaintStatus } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useComplaintStatus } from '../../api/complaints';
import { FormField } from '../../app/FormField';
import { PageTitle } from '../../app/PageTitle';
import { complaintsNs } from '../../i18n/complaints';
import { formatDateTime } from '../../i18n/format';
import { PrimeScope } from '../../layout/PrimeScope';

export const complaintStatusSeverity: Record<ComplaintStatus, 'info' | 'warning' | 'success'> = {
  RECEIVED: 'info',
  IN_PROGRESS: 'warning',
  RESOLVED: 'success',
};

/** The public status page of a complaint with the hospital's answers (`?kode=&hp=`). */
export default function LacakPengaduanPage() {
  const { t } = useTranslation([complaintsNs, 'translation']);
  const [params, setParams] = useSearchParams();
  const code = (params.get('kode') ?? '').trim();
  const phone = (params.get('hp') ?? '').trim();
  const status = useComplaintStatus(code, phone);

  return (
    <PrimeScope>
      <PageTitle>{t('track.title')}</PageTitle>
      <div className="card">
        <TrackForm
          key={`${code}|${phone}`}
          code={code}
          phone={phone}
          onSubmit={(kode, hp) => setParams({ kode, hp })}
        />
      </div>
      {code && phone && (
        <div className="card" aria-live="polite">
          {status.data ? (
            <ComplaintStatusView complaint={status.data} />
          ) : status.error ? (
            <Message
              severity="error"
              text={
                status.error instanceof ApiError && status.error.status === 404
                  ? t('track.notFound')
                  : status.error.message
              }
            />
          ) : (
            <p>{t('translation:common.loading')}</p>
          )}
        </div>
      )}
    </PrimeScope>
  );
}

function TrackForm({
  code,
  phone,
  onSubmit,
}: {
  code: string;
  phone: string;
  onSubmit: (code: string, phone: string) => void;
}) {
  const { t } = useTranslation(complaintsNs);
  const formId = useId();
  const [codeText, setCodeText] = useState(code);
  const [phoneText, setPhoneText] = useState(phone);
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextCode = codeText.trim();
    const nextPhone = phoneText.trim();
    setMissing(!nextCode || !nextPhone);
    if (nextCode && nextPhone) onSubmit(nextCode, nextPhone);
  };

  return (
    <form className="order-track-form" onSubmit={submit} noValidate>
      <FormField id={`${formId}-code`} label={t('track.code')}>
        <input
          id={`${formId}-code`}
          className="p-inputtext p-component"
          value={codeText}
          placeholder={t('track.codePlaceholder')}
          autoComplete="off"
          onChange={(event) => setCodeText(event.target.value)}
        />
      </FormField>
      <FormField id={`${formId}-phone`} label={t('track.phone')}>
        <input
          id={`${formId}-phone`}
          className="p-inputtext p-component"
          type="tel"
          inputMode="tel"
          value={phoneText}
          onChange={(event) => setPhoneText(event.target.value)}
        />
      </FormField>
      <div>
        <Button type="submit" icon="pi pi-search" label={t('track.submit')} />
      </div>
      {missing && <small className="p-error">{t('track.required')}</small>}
    </form>
  );
}

function ComplaintStatusView({ complaint }: { complaint: PublicComplaint }) {
  const { t } = useTranslation(complaintsNs);
  return (
    <section aria-labelledby="complaint-status-title">
      <h2 id="complaint-status-title">{complaint.code}</h2>
      <p className="order-status">
        {t('track.status')}:{' '}
        <Tag severity={complaintStatusSeverity[complaint.status]} value={t(`statuses.${complaint.status}`)} />
      </p>
      <dl className="order-details">
        <dt>{t('track.category')}</dt>
        <dd>{complaint.category.name}</dd>
        {complaint.unit && (
          <>
            <dt>{t('track.unit')}</dt>
            <dd>{complaint.unit}</dd>
          </>
        )}
        <dt>{t('track.createdAt')}</dt>
        <dd>{formatDateTime(complaint.createdAt)} WIB</dd>
        <dt>{t('track.message')}</dt>
        <dd className="complaint-message">{complaint.message}</dd>
      </dl>
      <h3>{t('track.answers')}</h3>
      {complaint.responses.length === 0 ? (
        <p>{t('track.noAnswers')}</p>
      ) : (
        <ol className="order-timeline">
          {complaint.responses.map((answer, index) => (
            <li key={`${index}-${answer.at}`}>
              <time dateTime={answer.at}>{formatDateTime(answer.at)} WIB</time>
              <div className="complaint-message">{answer.message}</div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
