import { type AmbulanceTariff, ambulanceTariffInputSchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useSaveAmbulanceTariff } from '../../api/tariffs';
import { emptyAsNull, FormDialog } from '../../components/FormDialog';
import { PriceField } from '../../components/PriceField';
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

  return (
    <FormDialog title={tariff ? t('editTitle') : t('newTitle')} onClose={onClose} {...form.dialog}>
      <TextField field={form.field('destination')} label={t('destination')} help={t('destinationHelp')} />
      <PriceField form={form} name="price" label={t('price')} />
      <TextField
        field={form.field('notes')}
        label={t('notes')}
        help={t('notesHelp')}
        setValueAs={emptyAsNull}
      />
    </FormDialog>
  );
}
