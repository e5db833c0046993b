import type { AmbulanceTariffImportResult, AmbulanceTariffImportRow } from '@portal/contract';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag, type TagProps } from 'primereact/tag';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportAmbulanceTariffs } from '../../api/tariffs';
import { CsvImportDialog } from '../../components/CsvImportDialog';
import { formatRupiah } from '../../i18n/format';
import { tarifAmbulanceNs } from './i18n';

const PREVIEW_ROWS = 10;

const severityOf: Record<AmbulanceTariffImportRow['status'], TagProps['severity']> = {
  added: 'success',
  updated: 'info',
  unchanged: 'secondary',
  rejected: 'danger',
};

/** A preview that can be applied: something to change and no row rejected. */
const applicable = (report: AmbulanceTariffImportResult) =>
  report.rejected === 0 && report.added + report.updated > 0;

/**
 * Imports a CSV file of ambulance tariffs in two steps: a preview of what each row would do, then, for the
 * same file, applying it.
 */
export function AmbulanceTariffImportDialog({
  onClose,
  onImported,
}: {
  onClose: () => void;
  onImported: (report: AmbulanceTariffImportResult) => void;
}) {
  const { t } = useTranslation(tarifAmbulanceNs, { keyPrefix: 'import' });
  const importCsv = useImportAmbulanceTariffs();
  const [preview, setPreview] = useState<{ csv: string; report: AmbulanceTariffImportResult } | null>(null);
  const ready = preview !== null && applicable(preview.report);

  return (
    <CsvImportDialog
      title={t('title')}
      help={t('help')}
      submitLabel={ready ? t('apply') : t('preview')}
      submitIcon={ready ? 'pi pi-check' : 'pi pi-eye'}
      failedTitle={t('failed')}
      className="tariff-import-dialog"
      saving={importCsv.isPending}
      send={(csv, onError) => {
        // What is applied is the file previewed, read again: a file changed since then is previewed anew.
        const mode = ready && preview?.csv === csv ? 'apply' : 'preview';
        importCsv.mutate(
          { csv, mode },
          {
            onSuccess: (report) => (mode === 'apply' ? onImported(report) : setPreview({ csv, report })),
            onError: (error) => {
              setPreview(null);
              onError(error);
            },
          },
        );
      }}
      onFileChange={() => setPreview(null)}
      onClose={onClose}
      report={preview && <ImportPreview report={preview.report} />}
    />
  );
}

function ImportPreview({ report }: { report: AmbulanceTariffImportResult }) {
  const { t } = useTranslation(tarifAmbulanceNs, { keyPrefix: 'import' });
  const price = (value: number | null) => (value === null ? t('none') : formatRupiah(value));
  return (
    <div className="tariff-import-preview">
      <p role="status">
        {t('summary', {
          added: report.added,
          updated: report.updated,
          unchanged: report.unchanged,
          rejected: report.rejected,
        })}{' '}
        {report.rejected > 0 ? t('fixRejected') : applicable(report) ? t('ready') : t('nothing')}
      </p>
      <DataTable
        value={report.rows}
        dataKey="line"
        size="small"
        stripedRows
        paginator={report.rows.length > PREVIEW_ROWS}
        rows={PREVIEW_ROWS}
        pt={{ table: { 'aria-label': t('previewTitle') } }}
      >
        <Column field="line" header={t('columns.line')} />
        <Column field="destination" header={t('columns.destination')} />
        <Column
          header={t('columns.price')}
          headerClassName="tariff-price"
          bodyClassName="tariff-price"
          body={(row: AmbulanceTariffImportRow) => price(row.price)}
        />
        <Column
          header={t('columns.status')}
          body={(row: AmbulanceTariffImportRow) => (
            <Tag severity={severityOf[row.status]} value={t(`statuses.${row.status}`)} />
          )}
        />
        <Column
          header={t('columns.detail')}
          body={(row: AmbulanceTariffImportRow) =>
            row.reason ??
            (row.status === 'updated' && row.previous
              ? t('was', { price: formatRupiah(row.previous.price), notes: row.previous.notes ?? t('none') })
              : '')
          }
        />
      </DataTable>
    </div>
  );
}
