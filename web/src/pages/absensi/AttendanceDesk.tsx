import './AttendanceDesk.css';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { PrimeScope } from '../../components/PrimeScope';
import { useSuccessToast } from '../../components/useSuccessToast';
import { useUrlTab } from '../../components/useUrlParam';
import { absensiNs } from './i18n';
import { MonthlyRecap } from './MonthlyRecap';
import { MyAttendance } from './MyAttendance';
import { TodayList } from './TodayList';

// The tab is kept in the URL (?tab=), so that a reload opens the same list.
const tabs = ['saya', 'hari-ini', 'rekap'] as const;

/** My clock; for admins also today's list and the monthly recap. Only the open tab reads its data. */
export default function AttendanceDesk({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation(absensiNs);
  const { toast, show } = useSuccessToast();
  const tabView = useUrlTab(tabs);

  return (
    <PrimeScope>
      {toast}
      {isAdmin ? (
        <TabView {...tabView}>
          <TabPanel header={t('tabs.me')}>
            <MyAttendance onDone={show} />
          </TabPanel>
          <TabPanel header={t('tabs.today')}>
            <TodayList />
          </TabPanel>
          <TabPanel header={t('tabs.recap')}>
            <MonthlyRecap />
          </TabPanel>
        </TabView>
      ) : (
        <MyAttendance onDone={show} />
      )}
    </PrimeScope>
  );
}
