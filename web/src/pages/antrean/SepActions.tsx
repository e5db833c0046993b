import type { QueueEntry, Sep } from '@portal/contract';
import { Button } from 'primereact/button';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSep } from '../../api/sep';
import { errorText } from '../../components/serverErrors';
import { ChangeSepDialog, DeleteSepDialog, IssueSepDialog } from './SepDialog';
import { SepPrint } from './SepPrint';
import { antreanNs } from './i18n';

type Open = 'issue' | 'print' | 'change' | 'delete' | null;
type ButtonKey = 'issueButton' | 'printButton' | 'changeButton' | 'deleteButton';

/** Admitted: through the admission counter (task 3, waiting for the clinic) or further. */
const admitted = (entry: QueueEntry) =>
  entry.status === 'CALLED' ||
  entry.status === 'SERVED' ||
  (entry.status === 'CHECKED_IN' && (entry.tasks.at(-1)?.taskId ?? 0) >= 3);

/**
 * A JKN booking's SEP on the queue desk: "Buat SEP" once the patient is admitted; then its number, "Cetak SEP",
 * and on the day it was issued "Ubah SEP" and "Hapus SEP". Without VClaim set up, a SEP issued before is still
 * shown and printed; nothing else is offered (SEPs are then made in BPJS's VClaim application).
 */
export function SepActions({
  entry,
  today,
  vclaim,
  onDone,
}: {
  entry: QueueEntry;
  /** The desk's day: a SEP is changed or deleted the day it was issued only. */
  today: string;
  vclaim: boolean;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(antreanNs, { keyPrefix: 'sep' });
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  if (entry.payer !== 'JKN') return null;
  const { sep } = entry;
  const label = (action: ButtonKey) => t('actionLabel', { action: t(action), number: entry.queueNumber });
  const button = (action: Exclude<Open, null>, key: ButtonKey, icon: string, danger = false) => (
    <Button
      key={action}
      type="button"
      size="small"
      outlined={action !== 'issue'}
      severity={danger ? 'danger' : undefined}
      icon={icon}
      label={t(key)}
      aria-label={label(key)}
      onClick={() => setOpen(action)}
    />
  );

  // Issued just now, the desk's row may not show the SEP yet: its printout opens all the same.
  const dialogs = (
    <>
      {open === 'issue' && (
        <IssueSepDialog
          bookingCode={entry.bookingCode}
          onClose={close}
          onSaved={(issued) => {
            onDone(t('done.issued', { number: issued.number, queueNumber: entry.queueNumber }));
            setOpen('print');
          }}
        />
      )}
      {open !== null && open !== 'issue' && (
        <WithSep bookingCode={entry.bookingCode}>
          {(full) =>
            open === 'print' ? (
              <SepPrint sep={full} onClose={close} />
            ) : open === 'change' ? (
              <ChangeSepDialog
                sep={full}
                onClose={close}
                onSaved={(changed) => {
                  onDone(t('done.changed', { number: changed.number }));
                  close();
                }}
              />
            ) : (
              <DeleteSepDialog
                sep={full}
                onClose={close}
                onDeleted={(number) => {
                  onDone(t('done.deleted', { number }));
                  close();
                }}
              />
            )
          }
        </WithSep>
      )}
    </>
  );
  if (!sep) {
    return (
      <>
        {vclaim && admitted(entry) && button('issue', 'issueButton', 'pi pi-file-plus')}
        {dialogs}
      </>
    );
  }
  return (
    <>
      <div className="sep-number">
        {t('number')} <strong>{sep.number}</strong>
      </div>
      {button('print', 'printButton', 'pi pi-print')}
      {vclaim &&
        sep.date === today && [
          button('change', 'changeButton', 'pi pi-pencil'),
          button('delete', 'deleteButton', 'pi pi-trash', true),
        ]}
      {dialogs}
    </>
  );
}

/** The booking's issued SEP, read when a dialog about it opens. */
function WithSep({ bookingCode, children }: { bookingCode: string; children: (sep: Sep) => ReactNode }) {
  const sep = useSep(bookingCode);
  if (sep.error) return <p role="alert">{errorText(sep.error)}</p>;
  return sep.data ? children(sep.data) : null;
}
