import type { AmbulanceTariff, AmbulanceTariffChange, AmbulanceTariffHistoryEntry } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { useAmbulanceTariffHistory } from '../../api/tariffs';
import { DeskTable } from '../../components/DeskTable';
import { HospitalTime } from '../../components/HospitalTime';
import { formatRupiah } from '../../i18n/format';
import { tarifAmbulanceNs } from './i18n';
import { useReturnFocus } from '../../components/useReturnFocus';

/** Every change of one tariff, newest first: when, who, and each field from its old value to its new one. */
export function AmbulanceTariffHistoryDialog({
  tariff,
  onClose,
}: {
  tariff: AmbulanceTariff;
  onClose: () => void;
}) {
  useReturnFocus();
  const { t } = useTranslation(tarifAmbulanceNs, { keyPrefix: 'history' });
  const history = useAmbulanceTariffHistory(tariff.id);
  return (
    <Dialog
      visible
      onHide={onClose}
      header={t('title', { destination: tariff.destination })}
      className="tariff-history-dialog"
      draggable={false}
      resizable={false}
      footer={<Button type="button" label={t('close')} severity="secondary" onClick={onClose} />}
    >
      <DeskTable query={history} label={t('table')} emptyMessage={t('empty')}>
        <Column
          header={t('columns.at')}
          body={(entry: AmbulanceTariffHistoryEntry) => <HospitalTime iso={entry.at} />}
        />
        <Column
          header={t('columns.staff')}
          body={(entry: AmbulanceTariffHistoryEntry) => entry.staff?.name ?? t('unknownStaff')}
        />
        <Column
          header={t('columns.change')}
          body={(entry: AmbulanceTariffHistoryEntry) => <Change entry={entry} />}
        />
      </DeskTable>
    </Dialog>
  );
}

function Change({ entry }: { entry: AmbulanceTariffHistoryEntry }) {
  const { t } = useTranslation(tarifAmbulanceNs, { keyPrefix: 'history' });
  const value = (change: AmbulanceTariffChange, side: 'from' | 'to') => {
    const v = change[side];
    if (v === null) return t('none');
    return change.field === 'price' && typeof v === 'number' ? formatRupiah(v) : String(v);
  };
  return (
    <>
      <strong>{t(`actions.${entry.action}`)}</strong>
      {entry.imported && ` ${t('viaImport')}`}
      {entry.changes.length > 0 && (
        <ul className="tariff-changes">
          {entry.changes.map((change) => (
            <li key={change.field}>
              {entry.action === 'create'
                ? t('created', { field: t(`fields.${change.field}`), to: value(change, 'to') })
                : t('changed', {
                    field: t(`fields.${change.field}`),
                    from: value(change, 'from'),
                    to: value(change, 'to'),
                  })}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
