import { type AmbulanceTariff, ambulanceTariffInputSchema } from '@portal/contract';
import { InputNumber } from 'primereact/inputnumber';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSaveAmbulanceTariff } from '../../api/tariffs';
import { described, emptyAsNull, FormDialog } from '../../components/FormDialog';
import { intlLocale } from '../../i18n/format';
import { FormField } from '../../components/FormField';
import { TextField } from '../../components/TextField';
import { type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { tarifAmbulanceNs } from './i18n';

interface Props extends SaveDialogProps<AmbulanceTariff> {
  /** The tariff to change; null to add one. */
  tariff: AmbulanceTariff | null;
}

export function AmbulanceTariffDialog({ tariff, onClose, onSaved }: Props) {
  const { t } = useTranslation(tarifAmbulanceNs, { keyPrefix: 'form' });
  const save = useSaveAmbulanceTariff();
  const form = useDialogForm({
    schema: ambulanceTariffInputSchema,
    defaultValues: tariff ?? { destination: '', notes: null },
    fieldNames: ['destination', 'price', 'notes'],
    fieldByErrorCode: { DESTINATION_TAKEN: 'destination' },
    saving: save.isPending,
    mutate: (values, callbacks) => save.mutate({ id: tariff?.id ?? null, ...values }, callbacks),
    onSaved,
  });
  const price = form.field('price');

  return (
    <FormDialog title={tariff ? t('editTitle') : t('newTitle')} onClose={onClose} {...form.dialog}>
      <TextField field={form.field('destination')} label={t('destination')} help={t('destinationHelp')} />
      <FormField id={price.id} label={t('price')} error={price.error?.message}>
        <Controller
          control={form.control}
          name="price"
          render={({ field }) => (
            <InputNumber
              inputId={price.id}
              inputRef={field.ref}
              value={typeof field.value === 'number' ? field.value : null}
              onValueChange={(event) => field.onChange(event.value ?? undefined)}
              onBlur={field.onBlur}
              locale={intlLocale()}
              maxFractionDigits={0}
              min={0}
              invalid={price.error !== undefined}
              {...described(price.id, price.error)}
            />
          )}
        />
      </FormField>
      <TextField
        field={form.field('notes')}
        label={t('notes')}
        help={t('notesHelp')}
        setValueAs={emptyAsNull}
      />
    </FormDialog>
  );
}
