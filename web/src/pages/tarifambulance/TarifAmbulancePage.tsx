import type { AmbulanceTariff } from '@portal/contract';
import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { useAmbulanceTariffs } from '../../api/tariffs';
import { DeskTable, textColumn } from '../../components/DeskTable';
import { DeskToolbar } from '../../components/DeskToolbar';
import { PageTitle } from '../../components/PageTitle';
import { priceColumn } from '../../components/priceColumn';
import { PrimeScope } from '../../components/PrimeScope';
import { SearchField } from '../../components/SearchField';
import { useUrlSearch } from '../../components/useUrlSearch';
import { tarifAmbulanceNs } from './i18n';

export default function TarifAmbulancePage() {
  const { t } = useTranslation(['translation', tarifAmbulanceNs]);
  const search = useUrlSearch();
  const tariffs = useAmbulanceTariffs(search.term);

  return (
    <PrimeScope>
      <PageTitle>{t('menu.tarifambulance')}</PageTitle>
      <div className="card">
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
        </DeskTable>
      </div>
    </PrimeScope>
  );
}
