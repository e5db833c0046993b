import '../../i18n/zod';
import '../../components/forms.css';
import '../../components/orders.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ComplaintCreated, complaintRequestSchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useComplaintCategories, useCreateComplaint } from '../../api/complaints';
import { FormField } from '../../components/FormField';
import { PageTitle } from '../../components/PageTitle';
import { PrimeScope } from '../../components/PrimeScope';
import { RequestConfirmation, RequestForm } from '../../components/RequestForm';
import { formatTrackingCode } from '../../components/trackingCode';
import { useRequestForm } from '../../components/useRequestForm';
import { useSentRecord } from '../../components/useSentRecord';
import { complaintsNs } from '../../i18n/complaints';

type ComplaintForm = z.input<typeof complaintRequestSchema>;
type ComplaintRequest = z.output<typeof complaintRequestSchema>;
const fieldNames = ['category', 'unit', 'message', 'name', 'phone'] as const;

export function complaintTrackPath(code: string, phone: string): string {
  return `/pengaduan/lacak?${new URLSearchParams({ kode: formatTrackingCode(code), hp: phone })}`;
}

export default function PengaduanPage() {
  const { t } = useTranslation(['translation', complaintsNs]);
  const {
    sent: created,
    show,
    another,
  } = useSentRecord<{ complaint: ComplaintCreated; phone: string }>(
    'portal.pengaduan.sent',
    (sent) => sent.complaint.code,
  );
  return (
    <PrimeScope>
      <PageTitle>{t('menu.pengaduan')}</PageTitle>
      <div className="order-layout">
        <div className="card">
          {created ? (
            <RequestConfirmation
              ns={complaintsNs}
              code={formatTrackingCode(created.complaint.code)}
              statusPath={complaintTrackPath(created.complaint.code, created.phone)}
              onAnother={another}
            />
          ) : (
            <ComplaintFormView onCreated={(complaint, phone) => show({ complaint, phone })} />
          )}
        </div>
        <aside className="card order-aside">
          <p className="order-track-link">
            <Link to="/pengaduan/lacak">
              <i className="pi pi-search" aria-hidden="true" /> {t('complaints:track.link')}
            </Link>
          </p>
        </aside>
      </div>
    </PrimeScope>
  );
}

function ComplaintFormView({
  onCreated,
}: {
  onCreated: (complaint: ComplaintCreated, phone: string) => void;
}) {
  const { t } = useTranslation(complaintsNs);
  const categories = useComplaintCategories();
  const create = useCreateComplaint();
  const { field, control, formError, submit } = useRequestForm<ComplaintForm, ComplaintRequest>({
    ns: complaintsNs,
    resolver: zodResolver(complaintRequestSchema),
    defaultValues: { category: '', unit: '', message: '', name: '', phone: '' },
    fieldNames,
    send: (values, onError) =>
      create.mutate(
        { ...values, unit: values.unit || undefined, name: values.name || undefined },
        { onSuccess: (complaint) => onCreated(complaint, values.phone), onError },
      ),
  });

  return (
    <RequestForm ns={complaintsNs} formError={formError} sending={create.isPending} onSubmit={submit}>
      <FormField {...field('category')} label={t('form.category')}>
        <select {...control('category')}>
          <option value="">{t('form.chooseCategory')}</option>
          {(categories.data ?? []).map((category) => (
            <option key={category.code} value={category.code}>
              {category.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField {...field('unit')} label={t('form.unit')} help={t('form.unitHelp')}>
        <input type="text" {...control('unit', true)} />
      </FormField>
      <FormField {...field('message')} label={t('form.message')}>
        <textarea rows={5} {...control('message')} />
      </FormField>
      <FormField {...field('name')} label={t('form.name')}>
        <input type="text" autoComplete="name" {...control('name')} />
      </FormField>
      <FormField {...field('phone')} label={t('form.phone')} help={t('form.phoneHelp')}>
        <input type="tel" inputMode="tel" autoComplete="tel" {...control('phone', true)} />
      </FormField>
    </RequestForm>
  );
}
