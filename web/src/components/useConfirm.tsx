import { ConfirmDialog } from 'primereact/confirmdialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A desk action that cannot be taken back by the person who asked, said before it runs. */
export interface Confirmation {
  header: string;
  message: string;
  acceptLabel: string;
  /** The button that closes the dialog and does nothing; `common.cancel` ("Batal") unless said. */
  rejectLabel?: string;
  /** Red accept button, for what ends or removes something. */
  danger?: boolean;
  /** PrimeIcons class beside the message; a warning sign unless said. */
  icon?: string;
  accept: () => void;
}

/**
 * One confirmation dialog for a desk's irreversible actions: `ask` shows it, the action runs only on
 * its accept button; `dialog` is rendered once by the desk.
 */
export function useConfirm() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Confirmation | null>(null);
  const dialog = (
    <ConfirmDialog
      visible={asking !== null}
      onHide={() => setAsking(null)}
      header={asking?.header}
      icon={asking?.icon ?? 'pi pi-exclamation-triangle'}
      message={asking?.message}
      acceptLabel={asking?.acceptLabel}
      rejectLabel={asking?.rejectLabel ?? t('common.cancel')}
      acceptClassName={asking?.danger ? 'p-button-danger' : undefined}
      // What ends or removes something is not one Enter away: the focus waits on the button that does nothing.
      defaultFocus={asking?.danger ? 'reject' : 'accept'}
      accept={asking?.accept}
    />
  );
  return { ask: setAsking, dialog };
}
