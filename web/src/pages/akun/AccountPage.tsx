import { type PasswordCheckOutcome, passwordCheckOutcomes, type OwnAttempt } from '@portal/contract';
import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { useOwnAttempts } from '../../api/staffSecurity';
import { DeskSection } from '../../components/DeskSection';
import { tagColumn, textColumn } from '../../components/DeskTable';
import { FilterSelect } from '../../components/FilterSelect';
import { PrimeScope } from '../../components/PrimeScope';
import { useDeskFilter } from '../../components/useDeskFilter';
import { HospitalTime } from '../../components/HospitalTime';
import { akunNs } from './i18n';

const FILTERS = { hasil: passwordCheckOutcomes };

const severity: Record<PasswordCheckOutcome, 'success' | 'danger' | 'warning'> = {
  success: 'success',
  failed: 'danger',
  throttled: 'warning',
};

/**
 * A staff member's own account: every check of their password (logins, duty handovers, password changes),
 * successful or not, newest first, so that they notice someone else trying.
 */
export default function AccountPage() {
  const { t } = useTranslation(akunNs);
  const desk = useDeskFilter(FILTERS);
  const attempts = useOwnAttempts({ outcome: desk.filter.hasil, page: desk.page, pageSize: desk.pageSize });

  return (
    <PrimeScope>
      <p className="form-help">{t('intro')}</p>
      <DeskSection
        title={t('title')}
        query={attempts}
        desk={desk}
        emptyMessage={t('empty')}
        filters={
          <FilterSelect
            label={t('filter')}
            options={passwordCheckOutcomes.map((value) => ({ value, label: t(`outcomes.${value}`) }))}
            {...desk.select('hasil')}
          />
        }
      >
        <Column header={t('columns.at')} body={(row: OwnAttempt) => <HospitalTime iso={row.at} />} />
        {textColumn(t('columns.kind'), (row: OwnAttempt) => t(`kinds.${row.kind}`))}
        {tagColumn(t('columns.outcome'), (row: OwnAttempt) => ({
          severity: severity[row.outcome],
          value: t(`outcomes.${row.outcome}`),
        }))}
        <Column field="address" header={t('columns.address')} />
      </DeskSection>
    </PrimeScope>
  );
}
