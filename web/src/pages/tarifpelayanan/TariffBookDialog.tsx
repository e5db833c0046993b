import { zodResolver } from '@hookform/resolvers/zod';
import { newTariffBookSchema, type TariffBook, tariffBookUpdateSchema } from '@portal/contract';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { useCreateTariffBook, useRenameTariffBook } from '../../api/tariffs';
import { described, FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { applyServerErrors } from '../../components/serverErrors';
import { tarifPelayananNs } from './i18n';

interface BookForm {
  code: string;
  name: string;
}

// Only the name of a book can change: its code is how other systems know it, and the form shows it read-only.
const renameSchema: z.ZodType<BookForm, BookForm> = tariffBookUpdateSchema.extend({ code: z.string() });

interface Props {
  /** The book to rename; null to add a new one. */
  book: TariffBook | null;
  onClose: () => void;
  onSaved: (book: TariffBook) => void;
}

export function TariffBookDialog({ book, onClose, onSaved }: Props) {
  const { t } = useTranslation(tarifPelayananNs);
  const formId = useId();
  const create = useCreateTariffBook();
  const rename = useRenameTariffBook(book?.id ?? 0);
  const saving = create.isPending || rename.isPending;
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<BookForm>({
    resolver: zodResolver(book ? renameSchema : newTariffBookSchema),
    defaultValues: { code: book?.code ?? '', name: book?.name ?? '' },
  });

  const onError = (error: Error) => {
    if (error instanceof ApiError && error.code === 'BOOK_CODE_TAKEN') {
      setError('code', { message: error.message });
      setFormError(null);
    } else setFormError(applyServerErrors(error, ['code', 'name'], setError));
  };

  const submit = handleSubmit((values) => {
    setFormError(null);
    if (book) rename.mutate({ name: values.name }, { onSuccess: onSaved, onError });
    else create.mutate(values, { onSuccess: onSaved, onError });
  });

  const field = (name: keyof BookForm, label: string, help?: string) => {
    const inputId = `${formId}-${name}`;
    const error = errors[name];
    return (
      <FormField id={inputId} label={label} help={help} error={error?.message}>
        <InputText
          id={inputId}
          readOnly={name === 'code' && book !== null}
          invalid={error !== undefined}
          {...described(inputId, error, help !== undefined)}
          {...register(name)}
        />
      </FormField>
    );
  };

  return (
    <FormDialog
      title={book ? t('bookForm.renameTitle') : t('bookForm.newTitle')}
      formId={formId}
      formError={formError}
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
    >
      {field('code', t('bookForm.code'), book ? undefined : t('bookForm.codeHelp'))}
      {field('name', t('bookForm.name'))}
    </FormDialog>
  );
}
