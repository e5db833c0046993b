import { zodResolver } from '@hookform/resolvers/zod';
import { newTariffItemSchema, type TariffItem } from '@portal/contract';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useSaveTariffItem } from '../../api/tariffs';
import { described, FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { applyServerErrors } from '../../components/serverErrors';
import { tarifPelayananNs } from './i18n';

type ItemForm = z.input<typeof newTariffItemSchema>;
const fieldNames = ['name', 'class', 'price'] as const;

interface Props {
  bookId: number;
  /** The item to change; null to add one. */
  item: TariffItem | null;
  /** The classes the book uses already, offered as suggestions. */
  classes: readonly string[];
  onClose: () => void;
  onSaved: (item: TariffItem) => void;
}

export function TariffItemDialog({ bookId, item, classes, onClose, onSaved }: Props) {
  const { t } = useTranslation(tarifPelayananNs);
  const formId = useId();
  const classListId = useId();
  const save = useSaveTariffItem(bookId);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ItemForm, unknown, z.output<typeof newTariffItemSchema>>({
    resolver: zodResolver(newTariffItemSchema),
    defaultValues: item ?? { name: '', class: '' },
  });

  const submit = handleSubmit((values) => {
    setFormError(null);
    save.mutate(
      { id: item?.id ?? null, ...values },
      {
        onSuccess: onSaved,
        onError: (error) => setFormError(applyServerErrors(error, fieldNames, setError)),
      },
    );
  });

  const describe = (name: (typeof fieldNames)[number], help = false) => ({
    invalid: errors[name] !== undefined,
    ...described(`${formId}-${name}`, errors[name], help),
  });

  return (
    <FormDialog
      title={item ? t('itemForm.editTitle') : t('itemForm.newTitle')}
      formId={formId}
      formError={formError}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField id={`${formId}-name`} label={t('itemForm.name')} error={errors.name?.message}>
        <InputText id={`${formId}-name`} {...describe('name')} {...register('name')} />
      </FormField>
      <FormField
        id={`${formId}-class`}
        label={t('itemForm.class')}
        help={t('itemForm.classHelp')}
        error={errors.class?.message}
      >
        <InputText
          id={`${formId}-class`}
          list={classListId}
          autoComplete="off"
          {...describe('class', true)}
          {...register('class')}
        />
        <datalist id={classListId}>
          {classes.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </FormField>
      <FormField id={`${formId}-price`} label={t('itemForm.price')} error={errors.price?.message}>
        <Controller
          control={control}
          name="price"
          render={({ field }) => (
            <InputNumber
              inputId={`${formId}-price`}
              inputRef={field.ref}
              value={typeof field.value === 'number' ? field.value : null}
              onValueChange={(event) => field.onChange(event.value ?? undefined)}
              onBlur={field.onBlur}
              locale="id-ID"
              maxFractionDigits={0}
              min={0}
              {...describe('price')}
            />
          )}
        />
      </FormField>
    </FormDialog>
  );
}
