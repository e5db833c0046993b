import type { TariffBook } from '@portal/contract';
import { RadioButton } from 'primereact/radiobutton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { type ImportMode, useImportTariffCsv } from '../../api/tariffs';
import { described, FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { errorText } from '../../components/serverErrors';
import { useDialogForm } from '../../components/useDialogForm';
import i18n from '../../i18n';
import { tarifPelayananNs } from './i18n';

const MODES: readonly ImportMode[] = ['replace', 'append'];

interface Failure {
  message: string;
  /** The server's findings per line of the file ("baris 3" → what is wrong there). */
  lines: [string, string][];
}

interface Props {
  book: TariffBook;
  onClose: () => void;
  onImported: (count: number) => void;
}

// The form checks only that a file is chosen: its rows are the server's to check.
const importFormSchema = z.object({
  file: z.custom<FileList>((files) => files instanceof FileList && files.length > 0, {
    message: i18n.t('tarifPelayanan:importForm.fileRequired'),
  }),
});

/** Imports a CSV file into a book. The server takes all rows or none; a refusal lists every bad line. */
export function TariffImportDialog({ book, onClose, onImported }: Props) {
  const { t } = useTranslation(tarifPelayananNs, { keyPrefix: 'importForm' });
  const [mode, setMode] = useState<ImportMode>('replace');
  const [failure, setFailure] = useState<Failure | null>(null);
  const importCsv = useImportTariffCsv(book.id);

  const upload = (csv: string) =>
    importCsv.mutate(
      { csv, mode },
      {
        onSuccess: ({ imported }) => onImported(imported),
        onError: (error) =>
          setFailure({
            message: errorText(error),
            lines: Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {}),
          }),
      },
    );

  const form = useDialogForm({
    schema: importFormSchema,
    defaultValues: {},
    fieldNames: [],
    saving: importCsv.isPending,
    mutate: ({ file }) => {
      setFailure(null);
      file[0]?.text().then(upload, () => form.setError('file', { message: t('unreadable') }));
    },
  });
  const file = form.field('file');

  return (
    <FormDialog
      title={t('title', { book: book.name })}
      saveLabel={t('submit')}
      saveIcon="pi pi-upload"
      onClose={onClose}
      {...form.dialog}
      after={
        failure && (
          <div className="import-failure" role="alert">
            <p className="import-failure-title">
              <i className="pi pi-times-circle" aria-hidden="true" />
              {t('failed')}
            </p>
            <p>{failure.message}</p>
            {failure.lines.length > 0 && (
              <ul>
                {failure.lines.map(([line, problem]) => (
                  <li key={line}>
                    <strong>{line}</strong>: {problem}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )
      }
    >
      <p className="form-help">{t('help')}</p>
      <FormField id={file.id} label={t('file')} error={file.error?.message}>
        <input
          id={file.id}
          className="file-input"
          type="file"
          accept=".csv,text/csv"
          {...described(file.id, file.error)}
          {...form.register('file', { onChange: () => setFailure(null) })}
        />
      </FormField>
      <fieldset className="form-choices">
        <legend>{t('mode')}</legend>
        {MODES.map((option) => (
          <div key={option} className="form-choice">
            <RadioButton
              inputId={`${form.dialog.formId}-${option}`}
              name="mode"
              value={option}
              checked={mode === option}
              onChange={() => setMode(option)}
            />
            <label htmlFor={`${form.dialog.formId}-${option}`}>{t(`modes.${option}`)}</label>
          </div>
        ))}
      </fieldset>
    </FormDialog>
  );
}
