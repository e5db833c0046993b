import { zodResolver } from '@hookform/resolvers/zod';
import { type Operation, operationCancelSchema } from '@portal/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useCancelOperation } from '../../api/operations';
import { described, FormDialog, inputClass } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { applyServerErrors } from '../../components/serverErrors';
import { jadwalOperasiNs } from './i18n';

type CancelForm = z.input<typeof operationCancelSchema>;

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
  const { t } = useTranslation(jadwalOperasiNs);
  const formId = useId();
  const reasonId = `${formId}-reason`;
  const cancel = useCancelOperation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CancelForm, unknown, z.output<typeof operationCancelSchema>>({
    resolver: zodResolver(operationCancelSchema),
    defaultValues: { reason: '' },
  });

  const submit = handleSubmit(({ reason }) => {
    setFormError(null);
    cancel.mutate(
      { id: operation.id, reason },
      {
        onSuccess: onCancelled,
        onError: (error) => setFormError(applyServerErrors(error, ['reason'], setError)),
      },
    );
  });

  return (
    <FormDialog
      title={t('cancelDialog.title')}
      cancelLabel={t('cancelDialog.back')}
      saveLabel={t('cancelDialog.submit')}
      saveIcon="pi pi-times"
      saveSeverity="danger"
      formId={formId}
      formError={formError}
      saving={cancel.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <p className="operation-cancel-intro">
        {t('cancelDialog.intro', { procedure: operation.procedure, name: operation.patient.name })}
      </p>
      <FormField id={reasonId} label={t('cancelDialog.reason')} error={errors.reason?.message}>
        <textarea
          id={reasonId}
          rows={3}
          className={`p-inputtextarea ${inputClass(errors.reason)}`}
          {...described(reasonId, errors.reason)}
          {...register('reason')}
        />
      </FormField>
    </FormDialog>
  );
}
