import { newTariffItemSchema, type TariffItem } from '@portal/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveTariffItem } from '../../api/tariffs';
import { FormDialog } from '../../components/FormDialog';
import { PriceField } from '../../components/PriceField';
import { TextField } from '../../components/TextField';
import { type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { tarifPelayananNs } from './i18n';

interface Props extends SaveDialogProps<TariffItem> {
  bookId: number;
  /** The item to change; null to add one. */
  item: TariffItem | null;
  /** The classes the book uses already, offered as suggestions. */
  classes: readonly string[];
}

export function TariffItemDialog({ bookId, item, classes, onClose, onSaved }: Props) {
  const { t } = useTranslation(tarifPelayananNs, { keyPrefix: 'itemForm' });
  const classListId = useId();
  const save = useSaveTariffItem(bookId);
  const form = useDialogForm({
    schema: newTariffItemSchema,
    defaultValues: item ?? { name: '', class: '' },
    fieldNames: ['name', 'class', 'price'],
    saving: save.isPending,
    mutate: (values, callbacks) => save.mutate({ id: item?.id ?? null, ...values }, callbacks),
    onSaved,
  });

  return (
    <FormDialog title={item ? t('editTitle') : t('newTitle')} onClose={onClose} {...form.dialog}>
      <TextField field={form.field('name')} label={t('name')} />
      <TextField
        field={form.field('class')}
        label={t('class')}
        help={t('classHelp')}
        list={classListId}
        autoComplete="off"
      >
        <datalist id={classListId}>
          {classes.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </TextField>
      <PriceField form={form} name="price" label={t('price')} />
    </FormDialog>
  );
}
