import type { Sep } from '@portal/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { SepSheet } from '../../components/SepSheet';
import { sepNs } from '../../i18n/sep';
import { useReturnFocus } from '../../components/useReturnFocus';

/** The SEP shown in a dialog with its print button (the queue desk). */
export function SepPrint({ sep, onClose }: { sep: Sep; onClose: () => void }) {
  useReturnFocus();
  const { t } = useTranslation();
  const { t: p } = useTranslation(sepNs, { keyPrefix: 'print' });
  return (
    <Dialog
      visible
      onHide={onClose}
      header={p('title', { number: sep.number })}
      className="sep-print-dialog"
      draggable={false}
      resizable={false}
      footer={
        <>
          <Button type="button" label={t('common.close')} severity="secondary" text onClick={onClose} />
          <Button type="button" icon="pi pi-print" label={p('print')} onClick={() => window.print()} />
        </>
      }
    >
      <SepSheet sep={sep} />
    </Dialog>
  );
}
