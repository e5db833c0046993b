import '../../i18n/zod';
import '../../components/tariffs.css';
import type { AmbulanceTariff } from '@portal/contract';
import { deskRoles } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasRole, useSession } from '../../api/session';
import { useAmbulanceTariffs, useRetireAmbulanceTariff } from '../../api/tariffs';
import { actionsColumn, DeskTable, textColumn } from '../../components/DeskTable';
import { DeskToolbar } from '../../components/DeskToolbar';
import { PageTitle } from '../../components/PageTitle';
import { priceColumn } from '../../components/priceColumn';
import { PrimeScope } from '../../components/PrimeScope';
import { SearchField } from '../../components/SearchField';
import { useConfirm } from '../../components/useConfirm';
import { useSuccessToast } from '../../components/useSuccessToast';
import { useUrlSearch } from '../../components/useUrlSearch';
import { AmbulanceTariffDialog } from './AmbulanceTariffDialog';
import { AmbulanceTariffHistoryDialog } from './AmbulanceTariffHistoryDialog';
import { AmbulanceTariffImportDialog } from './AmbulanceTariffImportDialog';
import { tarifAmbulanceNs } from './i18n';

/** A row's buttons are icons alone, each named for its tariff by `aria-label`. */
const ICON_ONLY = { rounded: true, text: true, outlined: false } as const;

type Editing =
  | { kind: 'edit'; tariff: AmbulanceTariff | null }
  | { kind: 'history'; tariff: AmbulanceTariff }
  | { kind: 'import' };

/** The ambulance tariff per destination for everyone; admins also add, change, retire and import tariffs. */
export default function TarifAmbulancePage() {
  const { t } = useTranslation(['translation', tarifAmbulanceNs]);
  const search = useUrlSearch();
  const tariffs = useAmbulanceTariffs(search.term);
  const { session } = useSession();
  const isAdmin = hasRole(session, deskRoles.admin);
  const { toast, show } = useSuccessToast();
  const [editing, setEditing] = useState<Editing | null>(null);
  const retire = useRetireAmbulanceTariff();
  const confirm = useConfirm();
  const close = () => setEditing(null);
  const askRetire = ({ id, destination }: AmbulanceTariff) =>
    confirm.ask({
      header: t('tarifAmbulance:confirm.title'),
      message: t('tarifAmbulance:confirm.retire', { destination }),
      acceptLabel: t('tarifAmbulance:confirm.accept'),
      danger: true,
      accept: () =>
        retire.mutate(id, { onSuccess: () => show(t('tarifAmbulance:done.retired', { destination })) }),
    });

  return (
    <PrimeScope>
      <PageTitle>{t('menu.tarifambulance')}</PageTitle>
      <div className="card">
        {toast}
        {isAdmin && (
          <div className="tariff-admin" role="toolbar" aria-label={t('tarifAmbulance:admin.label')}>
            <Button
              type="button"
              icon="pi pi-plus"
              label={t('tarifAmbulance:admin.add')}
              onClick={() => setEditing({ kind: 'edit', tariff: null })}
            />
            <Button
              type="button"
              icon="pi pi-file-import"
              label={t('tarifAmbulance:admin.import')}
              outlined
              onClick={() => setEditing({ kind: 'import' })}
            />
          </div>
        )}
        <DeskToolbar count={tariffs.data && t('tarifAmbulance:count', { count: tariffs.data.length })}>
          <SearchField
            label={t('tarifAmbulance:search')}
            placeholder={t('tarifAmbulance:searchPlaceholder')}
            search={search}
          />
        </DeskToolbar>
        <DeskTable query={tariffs} emptyMessage={t('tarifAmbulance:empty')}>
          <Column field="destination" header={t('tarifAmbulance:columns.destination')} />
          {priceColumn(t('tarifAmbulance:columns.price'))}
          {textColumn(
            t('tarifAmbulance:columns.notes'),
            (tariff: AmbulanceTariff) => tariff.notes ?? t('tarifAmbulance:none'),
          )}
          {isAdmin &&
            actionsColumn(t('tarifAmbulance:columns.actions'), (tariff: AmbulanceTariff) => {
              const named = { destination: tariff.destination };
              return [
                {
                  ...ICON_ONLY,
                  icon: 'pi pi-pencil',
                  'aria-label': t('tarifAmbulance:admin.edit', named),
                  onClick: () => setEditing({ kind: 'edit', tariff }),
                },
                {
                  ...ICON_ONLY,
                  icon: 'pi pi-history',
                  'aria-label': t('tarifAmbulance:admin.history', named),
                  onClick: () => setEditing({ kind: 'history', tariff }),
                },
                {
                  ...ICON_ONLY,
                  icon: 'pi pi-ban',
                  severity: 'danger',
                  'aria-label': t('tarifAmbulance:admin.retire', named),
                  onClick: () => askRetire(tariff),
                },
              ];
            })}
        </DeskTable>
      </div>

      {editing?.kind === 'edit' && (
        <AmbulanceTariffDialog
          tariff={editing.tariff}
          onClose={close}
          onSaved={(saved) => {
            close();
            show(t('tarifAmbulance:done.saved', { destination: saved.destination }));
          }}
        />
      )}
      {editing?.kind === 'history' && (
        <AmbulanceTariffHistoryDialog tariff={editing.tariff} onClose={close} />
      )}
      {editing?.kind === 'import' && (
        <AmbulanceTariffImportDialog
          onClose={close}
          onImported={(report) => {
            close();
            show(t('tarifAmbulance:done.imported', { added: report.added, updated: report.updated }));
          }}
        />
      )}
      {confirm.dialog}
    </PrimeScope>
  );
}
