import '../../i18n/zod';
import '../../components/forms.css';
import { referenceKinds } from '@portal/contract';
import { TabPanel, TabView } from 'primereact/tabview';
import { useTranslation } from 'react-i18next';
import { PrimeScope } from '../../components/PrimeScope';
import { useSuccessToast } from '../../components/useSuccessToast';
import { useUrlTab } from '../../components/useUrlParam';
import { referensiNs } from './i18n';
import { ReferenceTab } from './ReferenceTab';

// The tab is kept in the URL (?tab=unit), so that a reload or a shared link opens the same list.

/** The code lists of the patient form (patient groups, units, ranks, companies), one tab each; admins only. */
export default function ReferensiPage() {
  const { t } = useTranslation(referensiNs);
  const { toast, show } = useSuccessToast();
  const tabView = useUrlTab(referenceKinds);
  return (
    <PrimeScope>
      {toast}
      <div className="card">
        <p className="form-help">{t('intro')}</p>
        <TabView {...tabView}>
          {referenceKinds.map((kind) => (
            <TabPanel key={kind} header={t(`tabs.${kind}`)}>
              <ReferenceTab kind={kind} onDone={show} />
            </TabPanel>
          ))}
        </TabView>
      </div>
    </PrimeScope>
  );
}
