import './forms.css';
import './orders.css';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../api/client';
import type { Resources } from '../i18n';
import { PrimeScope } from './PrimeScope';
import { FormField } from './FormField';
import { PageTitle } from './PageTitle';

/** The namespaces with the texts of a status page. */
type TrackingNs = {
  [N in keyof Resources]: Resources[N] extends { track: { title: string; notFound: string } } ? N : never;
}[keyof Resources];

interface TrackingPageProps<T> {
  /** The namespace with the page's `track.*` texts. */
  ns: TrackingNs;
  /** Looks the request up by its tracking code and the requester's phone. */
  useStatus: (code: string, phone: string) => UseQueryResult<T, Error>;
  /** Whether the requester's phone is asked too; a booking code alone opens its booking. */
  withPhone?: boolean;
  children: (found: T) => ReactNode;
}

/**
 * A public status page: the tracking code and the requester's phone (`?kode=&hp=`, so the link in a
 * confirmation or a message opens it) find an order, a complaint or a booking; anything else is "not found".
 */
export function TrackingPage<T>({ ns, useStatus, withPhone = true, children }: TrackingPageProps<T>) {
  const { t } = useTranslation([ns, 'translation']);
  const [params, setParams] = useSearchParams();
  const code = (params.get('kode') ?? '').trim();
  const phone = withPhone ? (params.get('hp') ?? '').trim() : '';
  const status = useStatus(code, phone);

  return (
    <PrimeScope>
      <PageTitle>{t('track.title')}</PageTitle>
      <div className="card">
        <TrackForm
          key={`${code}|${phone}`}
          ns={ns}
          code={code}
          phone={phone}
          withPhone={withPhone}
          onSubmit={(kode, hp) => setParams(withPhone ? { kode, hp } : { kode })}
        />
      </div>
      {code && (phone || !withPhone) && (
        <div className="card" aria-live="polite">
          {status.data ? (
            children(status.data)
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
  ns,
  code,
  phone,
  withPhone,
  onSubmit,
}: {
  ns: TrackingPageProps<unknown>['ns'];
  code: string;
  phone: string;
  withPhone: boolean;
  onSubmit: (code: string, phone: string) => void;
}) {
  const { t } = useTranslation(ns);
  const formId = useId();
  const [codeText, setCodeText] = useState(code);
  const [phoneText, setPhoneText] = useState(phone);
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextCode = codeText.trim();
    const nextPhone = phoneText.trim();
    const complete = nextCode !== '' && (nextPhone !== '' || !withPhone);
    setMissing(!complete);
    if (complete) onSubmit(nextCode, nextPhone);
  };

  return (
    <form className="order-track-form" onSubmit={submit} noValidate>
      <FormField id={`${formId}-code`} label={t('track.code')}>
        <input
          id={`${formId}-code`}
          className="p-inputtext p-component"
          value={codeText}
          placeholder={t('track.codePlaceholder')}
          autoCapitalize="characters"
          autoComplete="off"
          // A code is eight characters and a dash; room for spaces typed around them, not for a pasted page.
          maxLength={20}
          onChange={(event) => setCodeText(event.target.value)}
        />
      </FormField>
      {withPhone && (
        <FormField id={`${formId}-phone`} label={t('track.phone')}>
          <input
            id={`${formId}-phone`}
            className="p-inputtext p-component"
            type="tel"
            inputMode="tel"
            maxLength={32}
            value={phoneText}
            onChange={(event) => setPhoneText(event.target.value)}
          />
        </FormField>
      )}
      <div>
        <Button type="submit" icon="pi pi-search" label={t('track.submit')} />
      </div>
      {missing && <small className="p-error">{t('track.required')}</small>}
    </form>
  );
}
