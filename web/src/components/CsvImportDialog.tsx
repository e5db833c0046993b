import './tariffs.css';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../api/client';
import i18n from '../i18n';
import { csvImportNs } from '../i18n/csvImport';
import { described, FormDialog } from './FormDialog';
import { FormField } from './FormField';
import { errorText } from './serverErrors';
import { useDialogForm } from './useDialogForm';

interface Failure {
  message: string;
  /** The server's findings per line of the file ("baris 3" → what is wrong there). */
  lines: [string, string][];
}

interface Props {
  title: string;
  /** What the file must hold: its columns and how prices are written. */
  help: string;
  submitLabel: string;
  submitIcon?: string;
  /** The heading of a refusal: that nothing was imported. */
  failedTitle: string;
  saving: boolean;
  /** Sends the chosen file's text; a refusal given to `onError` is shown with every line it names. */
  send: (csv: string, onError: (error: Error) => void) => void;
  /** Another file was chosen: what was shown of the last one no longer holds. */
  onFileChange?: () => void;
  onClose: () => void;
  className?: string;
  /** The import's options, below the file. */
  children?: ReactNode;
  /** What the last answer told of the file (a preview), below the form. */
  report?: ReactNode;
}

// The form checks only that a file is chosen: its rows are the server's to check.
const importFormSchema = z.object({
  file: z.custom<FileList>((files) => files instanceof FileList && files.length > 0, {
    error: () => i18n.t('csvImport:fileRequired'),
  }),
});

/** Imports a CSV file: the server checks its rows; a refusal lists every bad line. */
export function CsvImportDialog({
  title,
  help,
  submitLabel,
  submitIcon = 'pi pi-upload',
  failedTitle,
  saving,
  send,
  onFileChange,
  onClose,
  className,
  children,
  report,
}: Props) {
  const { t } = useTranslation(csvImportNs);
  const [failure, setFailure] = useState<Failure | null>(null);

  const onError = (error: Error) =>
    setFailure({
      message: errorText(error),
      lines: Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {}),
    });

  const form = useDialogForm({
    schema: importFormSchema,
    defaultValues: {},
    fieldNames: [],
    saving,
    mutate: ({ file }) => {
      setFailure(null);
      file[0]?.text().then(
        (csv) => send(csv, onError),
        () => form.setError('file', { message: t('unreadable') }),
      );
    },
  });
  const file = form.field('file');

  return (
    <FormDialog
      title={title}
      saveLabel={submitLabel}
      saveIcon={submitIcon}
      onClose={onClose}
      className={className}
      {...form.dialog}
      after={
        <>
          {report}
          {failure && (
            <div className="import-failure" role="alert">
              <p className="import-failure-title">
                <i className="pi pi-times-circle" aria-hidden="true" />
                {failedTitle}
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
          )}
        </>
      }
    >
      <p className="form-help">{help}</p>
      <FormField id={file.id} label={t('file')} error={file.error?.message}>
        <input
          id={file.id}
          className="file-input"
          type="file"
          accept=".csv,text/csv"
          {...described(file.id, file.error)}
          {...form.register('file', {
            onChange: () => {
              setFailure(null);
              onFileChange?.();
            },
          })}
        />
      </FormField>
      {children}
    </FormDialog>
  );
}
