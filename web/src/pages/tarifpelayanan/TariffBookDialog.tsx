import { newTariffBookSchema, type TariffBook, tariffBookUpdateSchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCreateTariffBook, useRenameTariffBook } from '../../api/tariffs';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { tarifPelayananNs } from './i18n';

interface BookForm {
  code: string;
  name: string;
}

// Only the name of a book can change: its code is how other systems know it, and the form shows it read-only.
const renameSchema: z.ZodType<BookForm, BookForm> = tariffBookUpdateSchema.extend({ code: z.string() });

interface Props extends SaveDialogProps<TariffBook> {
  /** The book to rename; null to add a new one. */
  book: TariffBook | null;
}

export function TariffBookDialog({ book, onClose, onSaved }: Props) {
  const { t } = useTranslation(tarifPelayananNs, { keyPrefix: 'bookForm' });
  const create = useCreateTariffBook();
  const rename = useRenameTariffBook(book?.id ?? 0);
  const form = useDialogForm({
    schema: book ? renameSchema : newTariffBookSchema,
    defaultValues: { code: book?.code ?? '', name: book?.name ?? '' },
    fieldNames: ['code', 'name'],
    fieldByErrorCode: { BOOK_CODE_TAKEN: 'code' },
    saving: create.isPending || rename.isPending,
    mutate: (values, callbacks) =>
      book ? rename.mutate({ name: values.name }, callbacks) : create.mutate(values, callbacks),
    onSaved,
  });

  return (
    <FormDialog title={book ? t('renameTitle') : t('newTitle')} onClose={onClose} {...form.dialog}>
      <TextField
        field={form.field('code')}
        label={t('code')}
        help={book ? undefined : t('codeHelp')}
        readOnly={book !== null}
      />
      <TextField field={form.field('name')} label={t('name')} />
    </FormDialog>
  );
}
