import { Button } from 'primereact/button';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** What a desk's list gives the record it opens. */
export interface OpenedRecord {
  id: number;
  onClose: () => void;
  /** Tells (in the success toast) what an action on the record did. */
  onDone: (message: string) => void;
}

/**
 * The card of the record opened from a desk's list, headed by its title with a close button; "loading" until
 * the record has arrived.
 */
export function DeskDetail<Record>({
  record,
  title,
  onClose,
  children,
}: {
  record: Record | undefined;
  title: (record: Record) => string;
  onClose: () => void;
  children: (record: Record) => ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = record === undefined ? null : title(record);
  // The card opens below the list, out of sight on a laptop's screen: each record opened is brought into view
  // and its heading takes the focus, so that the keyboard and the screen reader go on from there.
  useEffect(() => {
    if (shown === null) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [shown]);
  if (record === undefined)
    return (
      <section className="card">
        <p>{t('common.loading')}</p>
      </section>
    );
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="desk-detail-head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          {title(record)}
        </h2>
        <Button type="button" text icon="pi pi-times" label={t('common.close')} onClick={onClose} />
      </div>
      {children(record)}
    </section>
  );
}
