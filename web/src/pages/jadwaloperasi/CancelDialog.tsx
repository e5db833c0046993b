import { type Operation, operationCancelSchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useCancelOperation } from '../../api/operations';
import { FormDialog } from '../../components/FormDialog';
import { TextAreaField } from '../../components/TextField';
import { useDialogForm } from '../../components/useDialogForm';
import { jadwalOperasiNs } from './i18n';

/** Asks why an operation is cancelled (legacy `batal`); it stays in the day's list, flagged. */
export function CancelDialog({
  operation,
  onClose,
  onCancelled,
}: {
  operation: Operation;
  onClose: () => void;
  onCancelled: (operation: Operation) => void;
}) {
  const { t } = useTranslation(jadwalOperasiNs, { keyPrefix: 'cancelDialog' });
  const cancel = useCancelOperation();
  const form = useDialogForm({
    schema: operationCancelSchema,
    defaultValues: { reason: '' },
    fieldNames: ['reason'],
    saving: cancel.isPending,
    mutate: ({ reason }, callbacks) => cancel.mutate({ id: operation.id, reason }, callbacks),
    onSaved: onCancelled,
  });

  return (
    <FormDialog
      title={t('title')}
      cancelLabel={t('back')}
      saveLabel={t('submit')}
      saveIcon="pi pi-times"
      saveSeverity="danger"
      onClose={onClose}
      {...form.dialog}
    >
      <p className="operation-cancel-intro">
        {t('intro', { procedure: operation.procedure, name: operation.patient.name })}
      </p>
      <TextAreaField field={form.field('reason')} label={t('reason')} />
    </FormDialog>
  );
}
