import type { AmbulanceTariff } from '@portal/contract';
import { Column } from 'primereact/column';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAmbulanceTariffs } from '../../api/tariffs';
import { DeskTable } from '../../components/DeskTable';
import { PageTitle } from '../../components/PageTitle';
import { priceColumn } from '../../components/priceColumn';
import { PrimeScope } from '../../components/PrimeScope';
import { SearchField } from '../../components/SearchField';
import { useUrlSearch } from '../../components/useUrlSearch';
import { tarifAmbulanceNs } from './i18n';

export default function TarifAmbulancePage() {
  const { t } = useTranslation(['translation', tarifAmbulanceNs]);
  const searchId = useId();
  const { text, setText, term } = useUrlSearch();
  const tariffs = useAmbulanceTariffs(term);

  return (
    <PrimeScope>
      <PageTitle>{t('menu.tarifambulance')}</PageTitle>
      <div className="card">
        <div className="list-toolbar">
          <SearchField
            id={searchId}
            label={t('tarifAmbulance:search')}
            value={text}
            placeholder={t('tarifAmbulance:searchPlaceholder')}
            onChange={setText}
          />
          {tariffs.data && (
            <p className="list-count" aria-live="polite">
              {t('tarifAmbulance:count', { count: tariffs.data.length })}
            </p>
          )}
        </div>
        <DeskTable query={tariffs} emptyMessage={t('tarifAmbulance:empty')}>
          <Column field="destination" header={t('tarifAmbulance:columns.destination')} />
          {priceColumn(t('tarifAmbulance:columns.price'))}
          <Column
            header={t('tarifAmbulance:columns.notes')}
            body={(tariff: AmbulanceTariff) => tariff.notes ?? t('tarifAmbulance:none')}
          />
        </DeskTable>
      </div>
    </PrimeScope>
  );
}
