import '../../i18n/zod';
import '../../components/forms.css';
import './ClinicReference.css';
import { deskRoles } from '@portal/contract/constants';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { hasRole, useSession } from '../../api/session';
import { PrimeScope } from '../../components/PrimeScope';
import { useSuccessToast } from '../../components/useSuccessToast';
import { useUrlTab } from '../../components/useUrlParam';
import { BpjsMappingTab } from './BpjsMappingTab';
import { ClinicsTab } from './ClinicsTab';
import { ClosedDatesTab } from './ClosedDatesTab';
import { DoctorsTab } from './DoctorsTab';
import { jadwalPoliNs } from './i18n';
import { SchedulesTab } from './SchedulesTab';

// The tab is kept in the URL (?tab=), so that a reload or a shared link opens the same list.
const tabs = ['poli', 'dokter', 'jadwal', 'libur'] as const;
// The BPJS mapping is the admins' only, and last, so that hiding it moves no other tab's index.
const adminTabs = [...tabs, 'bpjs'] as const;

/** The reference data of outpatient booking, one tab per list. Only the open tab reads its list. */
export default function ClinicReference() {
  const { t } = useTranslation(jadwalPoliNs);
  const { toast, show } = useSuccessToast();
  const { session } = useSession();
  const isAdmin = hasRole(session, deskRoles.admin);
  const tabView = useUrlTab(isAdmin ? adminTabs : tabs);

  return (
    <PrimeScope>
      {toast}
      <div className="card">
        <TabView {...tabView}>
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
          {isAdmin && (
            <TabPanel header={t('tabs.bpjs')}>
              <BpjsMappingTab onDone={show} />
            </TabPanel>
          )}
        </TabView>
      </div>
    </PrimeScope>
  );
}
