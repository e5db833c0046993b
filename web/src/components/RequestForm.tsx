import './forms.css';
import './orders.css';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { type FormEventHandler, type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Resources } from '../i18n';
import { LabelledValue } from './LabelledValue';
import { LinkButton } from './LinkButton';

/** The namespaces with the texts of a request the public sends: its form and its confirmation. */
export type RequestNs = {
  [N in keyof Resources]: Resources[N] extends {
    form: { title: string; intro: string; submit: string; tooMany: string };
    confirmation: { title: string; codeLabel: string; codeHelp: string; statusLink: string; another: string };
  }
    ? N
    : never;
}[keyof Resources];

/** A form the public sends (an order, a complaint): its title and intro, what the server refused, and send. */
export function RequestForm({
  ns,
  formError,
  sending,
  onSubmit,
  children,
}: {
  /** The namespace with the form's `form.*` texts. */
  ns: RequestNs;
  /** What the server said that belongs to no field. */
  formError: string | null;
  sending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <>
      <h2>{t('form.title')}</h2>
      <p>{t('form.intro')}</p>
      {formError && <Message className="form-message" severity="error" text={formError} />}
      <form className="form-grid" onSubmit={onSubmit} noValidate>
        {children}
        <div>
          <Button type="submit" label={t('form.submit')} icon="pi pi-send" loading={sending} />
        </div>
      </form>
    </>
  );
}

/**
 * What follows a sent request: the tracking code to note down, the way to its status page, and a fresh form.
 * The children say what was asked for, between the code and the buttons.
 */
export function RequestConfirmation({
  ns,
  code,
  statusPath,
  onAnother,
  children,
}: {
  /** The namespace with the `confirmation.*` texts. */
  ns: RequestNs;
  /** The tracking code, as people write it down. */
  code: string;
  statusPath: string;
  onAnother: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that sent the form is gone; a screen reader (and a phone's screen) now starts at the code.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('confirmation.title')}
      </h2>
      <LabelledValue
        label={t('confirmation.codeLabel')}
        labelClassName="order-code-label"
        className="order-code"
      >
        {code}
      </LabelledValue>
      <p className="form-help">{t('confirmation.codeHelp')}</p>
      {children}
      <p className="order-actions">
        <LinkButton to={statusPath} label={t('confirmation.statusLink')} />
        <Button type="button" text label={t('confirmation.another')} onClick={onAnother} />
      </p>
    </section>
  );
}
