import type { TariffBook } from '@portal/contract';
import { RadioButton } from 'primereact/radiobutton';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { type ImportMode, useImportTariffCsv } from '../../api/tariffs';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
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

/** Imports a CSV file into a book. The server takes all rows or none; a refusal lists every bad line. */
export function TariffImportDialog({ book, onClose, onImported }: Props) {
  const { t } = useTranslation([tarifPelayananNs, 'translation']);
  const formId = useId();
  const fileId = `${formId}-file`;
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
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
            message: error instanceof ApiError ? error.message : t('translation:errors.unexpected'),
            lines: Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {}),
          }),
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!file) {
      setFileError(t('importForm.fileRequired'));
      return;
    }
    file.text().then(upload, () => setFileError(t('importForm.unreadable')));
  };

  return (
    <FormDialog
      title={t('importForm.title', { book: book.name })}
      saveLabel={t('importForm.submit')}
      saveIcon="pi pi-upload"
      formId={formId}
      formError={null}
      saving={importCsv.isPending}
      onClose={onClose}
      onSubmit={submit}
      after={
        failure && (
          <div className="import-failure" role="alert">
            <p className="import-failure-title">
              <i className="pi pi-times-circle" aria-hidden="true" />
              {t('importForm.failed')}
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
      <p className="form-help">{t('importForm.help')}</p>
      <FormField id={fileId} label={t('importForm.file')} error={fileError ?? undefined}>
        <input
          id={fileId}
          className="file-input"
          type="file"
          accept=".csv,text/csv"
          aria-invalid={fileError !== null}
          aria-describedby={fileError ? `${fileId}-error` : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFileError(null);
            setFailure(null);
          }}
        />
      </FormField>
      <fieldset className="form-choices">
        <legend>{t('importForm.mode')}</legend>
        {MODES.map((option) => (
          <div key={option} className="form-choice">
            <RadioButton
              inputId={`${formId}-${option}`}
              name="mode"
              value={option}
              checked={mode === option}
              onChange={() => setMode(option)}
            />
            <label htmlFor={`${formId}-${option}`}>{t(`importForm.modes.${option}`)}</label>
          </div>
        ))}
      </fieldset>
    </FormDialog>
  );
}
