import { tariffClasses, type TariffBook, type TariffImportResult } from '@portal/contract';
import { RadioButton } from 'primereact/radiobutton';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ImportMode, useImportTariffCsv } from '../../api/tariffs';
import { CsvImportDialog } from '../../components/CsvImportDialog';
import { tarifPelayananNs } from './i18n';

const MODES: readonly ImportMode[] = ['replace', 'append'];

interface Props {
  book: TariffBook;
  onClose: () => void;
  onImported: (result: TariffImportResult) => void;
}

/** Imports a CSV file into a book. The server takes all rows or none; a refusal lists every bad line. */
export function TariffImportDialog({ book, onClose, onImported }: Props) {
  const { t } = useTranslation(tarifPelayananNs, { keyPrefix: 'importForm' });
  const modeId = useId();
  const [mode, setMode] = useState<ImportMode>('replace');
  const importCsv = useImportTariffCsv(book.id);

  return (
    <CsvImportDialog
      title={t('title', { book: book.name })}
      help={t('help', { classes: tariffClasses.join(', ') })}
      submitLabel={t('submit')}
      failedTitle={t('failed')}
      saving={importCsv.isPending}
      send={(csv, onError) => importCsv.mutate({ csv, mode }, { onSuccess: onImported, onError })}
      onClose={onClose}
    >
      <fieldset className="form-choices">
        <legend>{t('mode')}</legend>
        {MODES.map((option) => (
          <div key={option} className="form-choice">
            <RadioButton
              inputId={`${modeId}-${option}`}
              name="mode"
              value={option}
              checked={mode === option}
              onChange={() => setMode(option)}
            />
            <label htmlFor={`${modeId}-${option}`}>{t(`modes.${option}`)}</label>
          </div>
        ))}
      </fieldset>
    </CsvImportDialog>
  );
}
