import '../../components/forms.css';
import './kunjungan.css';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PrimeScope } from '../../components/PrimeScope';
import { BookingList } from './BookingList';
import { kunjunganNs } from './i18n';
import { StayList } from './StayList';
import { VisitList } from './VisitList';

// The tab is kept in the URL (?tab=) beside the lists' filters; the range and the clinic carry over.
const tabs = ['rawat-jalan', 'rawat-inap', 'pendaftaran'] as const;

/**
 * The hospital-wide lists of the medical records desk: outpatient visits, inpatient stays and bookings of a
 * date range, each with its count per day and its CSV export. Only the open tab reads its list.
 */
export default function KunjunganPage() {
  const { t } = useTranslation(kunjunganNs);
  const [params, setParams] = useSearchParams();
  const activeIndex = Math.max(
    tabs.findIndex((name) => name === params.get('tab')),
    0,
  );
  const onTabChange = ({ index }: { index: number }) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      // Another list starts on its first page.
      next.delete('page');
      if (index === 0) next.delete('tab');
      else next.set('tab', tabs[index] ?? '');
      return next;
    });

  return (
    <PrimeScope>
      <TabView activeIndex={activeIndex} onTabChange={onTabChange}>
        <TabPanel header={t('tabs.visits')}>
          <VisitList />
        </TabPanel>
        <TabPanel header={t('tabs.stays')}>
          <StayList />
        </TabPanel>
        <TabPanel header={t('tabs.bookings')}>
          <BookingList />
        </TabPanel>
      </TabView>
    </PrimeScope>
  );
}
