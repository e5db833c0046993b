import '../../i18n/zod';
import '../../components/forms.css';
import './ClinicReference.css';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSuccessToast } from '../../components/useSuccessToast';
import { PrimeScope } from '../../components/PrimeScope';
import { ClinicsTab } from './ClinicsTab';
import { ClosedDatesTab } from './ClosedDatesTab';
import { DoctorsTab } from './DoctorsTab';
import { jadwalPoliNs } from './i18n';
import { SchedulesTab } from './SchedulesTab';

// The tab is kept in the URL (?tab=), so that a reload or a shared link opens the same list.
const tabs = ['poli', 'dokter', 'jadwal', 'libur'] as const;

/** The reference data of outpatient booking, one tab per list. Only the open tab reads its list. */
export default function ClinicReference() {
  const { t } = useTranslation(jadwalPoliNs);
  const { toast, show } = useSuccessToast();
  const [params, setParams] = useSearchParams();
  const activeIndex = Math.max(
    tabs.findIndex((tab) => tab === params.get('tab')),
    0,
  );

  return (
    <PrimeScope>
      {toast}
      <div className="card">
        <TabView
          activeIndex={activeIndex}
          onTabChange={(event) =>
            setParams((current) => {
              const next = new URLSearchParams(current);
              if (event.index === 0) next.delete('tab');
              else next.set('tab', tabs[event.index] ?? tabs[0]);
              return next;
            })
          }
        >
          <TabPanel header={t('tabs.clinics')}>
            <ClinicsTab onDone={show} />
          </TabPanel>
          <TabPanel header={t('tabs.doctors')}>
            <DoctorsTab onDone={show} />
          </TabPanel>
          <TabPanel header={t('tabs.schedules')}>
            <SchedulesTab onDone={show} />
          </TabPanel>
          <TabPanel header={t('tabs.closedDates')}>
            <ClosedDatesTab onDone={show} />
          </TabPanel>
        </TabView>
      </div>
    </PrimeScope>
  );
}
