import '../../components/tariffs.css';
import type { AmbulanceTariff } from '@portal/contract';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAmbulanceTariffs } from '../../api/tariffs';
import { PageTitle } from '../../components/PageTitle';
import { SearchInput } from '../../components/SearchInput';
import { useUrlSearch } from '../../components/useUrlSearch';
import { formatRupiah } from '../../i18n/format';
import { PrimeScope } from '../../components/PrimeScope';
import { tarifAmbulanceNs } from './i18n';

export default function TarifAmbulancePage() {
  const { t } = useTranslation(['translation', tarifAmbulanceNs]);
  const searchId = useId();
  const { text, setText, term } = useUrlSearch();
  const { data, isPending, isFetching } = useAmbulanceTariffs(term);

  return (
    <PrimeScope>
      <PageTitle>{t('menu.tarifambulance')}</PageTitle>
      <div className="card">
        <div className="tariff-toolbar">
          <div className="tariff-field tariff-search">
            <label htmlFor={searchId}>{t('tarifAmbulance:search')}</label>
            <SearchInput
              id={searchId}
              value={text}
              placeholder={t('tarifAmbulance:searchPlaceholder')}
              onChange={setText}
            />
          </div>
          {data && (
            <p className="tariff-count" aria-live="polite">
              {t('tarifAmbulance:count', { count: data.length })}
            </p>
          )}
        </div>
        <DataTable
          value={data ?? []}
          dataKey="id"
          loading={isPending || isFetching}
          emptyMessage={isPending ? t('common.loading') : t('tarifAmbulance:empty')}
          stripedRows
          size="small"
        >
          <Column field="destination" header={t('tarifAmbulance:columns.destination')} />
          <Column
            header={t('tarifAmbulance:columns.price')}
            headerClassName="tariff-price"
            bodyClassName="tariff-price"
            body={(tariff: AmbulanceTariff) => formatRupiah(tariff.price)}
          />
          <Column
            header={t('tarifAmbulance:columns.notes')}
            body={(tariff: AmbulanceTariff) => tariff.notes ?? t('tarifAmbulance:none')}
          />
        </DataTable>
      </div>
    </PrimeScope>
  );
}
