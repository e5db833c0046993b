import '../../i18n/zod';
import '../../components/forms.css';
import './pasien.css';
import { type PatientDetail, type PatientVisit, RECENT_VISITS } from '@portal/contract';
import { deskRoles } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { usePatient, useRecentVisits } from '../../api/patients';
import { hasRole, useSession } from '../../api/session';
import { useSimrsLinked } from '../../api/system';
import { dateColumn, DeskTable } from '../../components/DeskTable';
import { LinkButton } from '../../components/LinkButton';
import { PrimeScope } from '../../components/PrimeScope';
import { SimrsOwnedNote } from '../../components/SimrsOwnedNote';
import { useSuccessToast } from '../../components/useSuccessToast';
import { codeAndText, formatBirthDate, formatDate, formatDateTime } from '../../i18n/format';
import { AuditHistory } from './AuditHistory';
import { BookingHistory } from './BookingHistory';
import { FactList } from './FactList';
import { InpatientHistory, OutpatientHistory } from './VisitHistory';
import { VisitLink } from './VisitLink';
import { pasienNs } from './i18n';

// The dialogs load with their first opening: the record's first view does without their forms.
const CounterBookingDialog = lazy(() =>
  import('../../components/CounterBookingDialog').then((m) => ({ default: m.CounterBookingDialog })),
);
const MergeDialog = lazy(() => import('./MergeDialog').then((m) => ({ default: m.MergeDialog })));
const PatientCard = lazy(() => import('./PatientCard').then((m) => ({ default: m.PatientCard })));
const VisitDialog = lazy(() => import('./VisitDialog').then((m) => ({ default: m.VisitDialog })));

/** History state of a visit opened from the patient's own page (see `close` below). */
const openedHere = { visitOpenedHere: true } as const;
const isOpenedHere = (state: unknown) =>
  typeof state === 'object' && state !== null && 'visitOpenedHere' in state && state.visitOpenedHere === true;

/**
 * The patient's page: identity with what the counter does for the patient, and for the medical records desk
 * the last visits, history by date range, bookings, and a visit's details in a dialog; then the record's
 * change history.
 */
export default function PatientRecord({ id }: { id: number }) {
  const { t } = useTranslation([pasienNs, 'translation']);
  const patient = usePatient(id);
  const { session } = useSession();
  // Registration clerks find and register patients; their visits and diagnoses are the records desk's.
  const readsHistory = hasRole(session, deskRoles.records);
  const { toast, show } = useSuccessToast();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const registrationNo = params.get('kunjungan');
  const open = (number: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('kunjungan', number);
        return next;
      },
      { state: openedHere },
    );
  // A visit opened on this page was pushed onto the history: closing it steps back to the page's own
  // entry, so that Back (the button or the browser's) then returns to the search, not to this page again.
  // A visit linked from elsewhere (the lookup on the search page, a shared link) is closed in place.
  const close = () =>
    isOpenedHere(location.state)
      ? navigate(-1)
      : setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete('kunjungan');
            return next;
          },
          { replace: true },
        );

  if (patient.isPending) return <p>{t('translation:common.loading')}</p>;
  if (patient.isError) {
    return (
      <p role="alert">
        {patient.error instanceof ApiError && patient.error.code === 'NOT_FOUND'
          ? t('record.notFound')
          : patient.error.message}
      </p>
    );
  }
  return (
    <PrimeScope>
      {toast}
      <BackToSearch />
      <Identity patient={patient.data} actions={<PatientActions patient={patient.data} onDone={show} />} />
      {readsHistory && (
        <>
          <RecentVisits id={id} onOpen={open} />
          <section className="card" aria-labelledby="patient-history">
            <h2 id="patient-history">{t('history.title')}</h2>
            <TabView>
              <TabPanel header={t('visits.kinds.outpatient')}>
                <OutpatientHistory id={id} onOpen={open} />
              </TabPanel>
              <TabPanel header={t('visits.kinds.inpatient')}>
                <InpatientHistory id={id} onOpen={open} />
              </TabPanel>
            </TabView>
          </section>
          <BookingHistory id={id} />
          {registrationNo !== null && (
            <Suspense fallback={null}>
              <VisitDialog registrationNo={registrationNo} onClose={close} />
            </Suspense>
          )}
        </>
      )}
      <AuditHistory id={id} />
    </PrimeScope>
  );
}

function BackToSearch() {
  const { t } = useTranslation(pasienNs);
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Button
      type="button"
      icon="pi pi-arrow-left"
      label={t('record.back')}
      text
      className="patient-back"
      // Back keeps the search and its results; a page opened directly goes to an empty search.
      onClick={() => (location.key === 'default' ? navigate('/pasien') : navigate(-1))}
    />
  );
}

/**
 * What the counter does for the patient: book them into a clinic (registration clerks), change the record,
 * print the card, and for admins merge a duplicate record into this one (but in linked mode, where the SIMRS
 * merges patients, tell them so).
 */
function PatientActions({ patient, onDone }: { patient: PatientDetail; onDone: (message: string) => void }) {
  const { t } = useTranslation(pasienNs);
  const { session } = useSession();
  const [open, setOpen] = useState<'book' | 'card' | 'merge' | null>(null);
  const close = () => setOpen(null);
  const merges = hasRole(session, deskRoles.admin);
  const linked = useSimrsLinked();
  return (
    <>
      <div className="patient-actions" role="group" aria-label={t('actions.label')}>
        {hasRole(session, deskRoles.registration) && (
          <Button
            type="button"
            icon="pi pi-calendar-plus"
            label={t('actions.book')}
            onClick={() => setOpen('book')}
          />
        )}
        <LinkButton to={`/pasien/${patient.id}/ubah`} icon="pi pi-pencil" label={t('actions.edit')} />
        <Button
          type="button"
          icon="pi pi-id-card"
          label={t('actions.card')}
          outlined
          onClick={() => setOpen('card')}
        />
        {merges && !linked && (
          <Button
            type="button"
            icon="pi pi-clone"
            label={t('actions.merge')}
            severity="secondary"
            outlined
            onClick={() => setOpen('merge')}
          />
        )}
        <Suspense fallback={null}>
          {open === 'book' && <CounterBookingDialog patient={patient} onClose={close} />}
          {open === 'card' && <PatientCard patient={patient} onClose={close} />}
          {open === 'merge' && (
            <MergeDialog
              patient={patient}
              onClose={close}
              onMerged={(message) => {
                close();
                onDone(message);
              }}
            />
          )}
        </Suspense>
      </div>
      {merges && linked && <SimrsOwnedNote what={t('simrsOwned')} />}
    </>
  );
}

function Identity({ patient, actions }: { patient: PatientDetail; actions: ReactNode }) {
  const { t } = useTranslation(pasienNs);
  const none = t('none');
  const contact = [patient.familyContactName, patient.familyContactPhone].filter(Boolean).join(', ');
  const rows: [string, string][] = [
    [t('record.fields.mrn'), patient.mrn],
    [t('record.fields.name'), patient.name],
    [t('record.fields.sex'), t(`sexes.${patient.sex}`)],
    [
      t('record.fields.birth'),
      [patient.birthPlace, formatBirthDate(patient.birthDate, t('birthDateMissing'))]
        .filter(Boolean)
        .join(', '),
    ],
    [t('record.fields.age'), patient.age ? t('record.age', patient.age) : none],
    [t('record.fields.nik'), patient.nik ?? none],
    [t('record.fields.nip'), patient.nip ?? none],
    [t('record.fields.insuranceNo'), patient.insuranceNo ?? none],
    [t('record.fields.insuredName'), patient.insuredName ?? none],
    [t('record.fields.phone'), patient.phone ?? none],
    [t('record.fields.address'), patient.address ?? none],
    [t('record.fields.addressDomicile'), patient.addressDomicile ?? none],
    [t('record.fields.address3'), patient.address3 ?? none],
    [t('record.fields.address4'), patient.address4 ?? none],
    [t('record.fields.province'), codeAndText(patient.provinceCode, patient.provinceName) ?? none],
    [t('record.fields.regency'), codeAndText(patient.regencyCode, patient.regencyName) ?? none],
    [t('record.fields.district'), codeAndText(patient.districtCode, patient.districtName) ?? none],
    [t('record.fields.village'), codeAndText(patient.villageCode, patient.villageName) ?? none],
    [
      t('record.fields.rtRw'),
      patient.rt || patient.rw ? `${patient.rt ?? none}/${patient.rw ?? none}` : none,
    ],
    [t('record.fields.patientGroup'), codeAndText(patient.patientGroupCode, patient.patientGroup) ?? none],
    [t('record.fields.unit'), codeAndText(patient.unitCode, patient.unit) ?? none],
    [t('record.fields.rank'), codeAndText(patient.rankCode, patient.rank) ?? none],
    [t('record.fields.company'), codeAndText(patient.companyCode, patient.company) ?? none],
    [t('record.fields.religion'), patient.religion ?? none],
    [t('record.fields.maritalStatus'), patient.maritalStatus ?? none],
    [t('record.fields.familyRelation'), patient.familyRelation ?? none],
    [t('record.fields.husbandName'), patient.husbandName ?? none],
    [t('record.fields.wifeName'), patient.wifeName ?? none],
    [t('record.fields.ethnicity'), patient.ethnicity ?? none],
    [t('record.fields.education'), patient.education ?? none],
    [t('record.fields.occupation'), patient.occupation ?? none],
    [t('record.fields.motherName'), patient.motherName ?? none],
    [t('record.fields.familyContact'), contact || none],
    [t('record.fields.notes'), patient.notes ?? none],
    [t('record.fields.legacyLama'), patient.legacyLama ?? none],
    [t('record.fields.registeredOn'), patient.registeredOn ? formatDate(patient.registeredOn) : none],
    [t('record.fields.registeredAt'), formatDateTime(patient.registeredAt)],
  ];
  return (
    <section className="card" aria-labelledby="patient-identity">
      <h2 id="patient-identity">
        {t('record.identity')}: {patient.name}
      </h2>
      {actions}
      {patient.provisional && (
        <Message className="patient-provisional" severity="info" text={t('record.provisional')} />
      )}
      <ImportIssues patient={patient} />
      <FactList facts={rows} />
    </section>
  );
}

/** What the legacy import could not read and left empty, until the record is saved here. */
function ImportIssues({ patient }: { patient: PatientDetail }) {
  const { t } = useTranslation(pasienNs);
  const headingId = useId();
  if (patient.importIssues.length === 0) return null;
  return (
    <Message
      className="patient-import-issues"
      severity="warn"
      role="region"
      aria-labelledby={headingId}
      content={
        <div>
          <strong id={headingId}>{t('record.importIssues.title')}</strong>
          <ul>
            {patient.importIssues.map((issue) => (
              <li key={issue.column}>
                {issue.value === '' ? issue.reason : t('record.importIssues.issue', issue)}
              </li>
            ))}
          </ul>
          <p>
            {t('record.importIssues.hint')} <Link to={`/pasien/${patient.id}/ubah`}>{t('actions.edit')}</Link>
          </p>
        </div>
      }
    />
  );
}

function RecentVisits({ id, onOpen }: { id: number; onOpen: (registrationNo: string) => void }) {
  const { t } = useTranslation(pasienNs);
  const headingId = useId();
  const visits = useRecentVisits(id);
  const status = (visit: PatientVisit) =>
    visit.kind === 'outpatient'
      ? t(visit.cancelled ? 'visits.status.cancelled' : 'visits.status.done')
      : t(visit.dischargedAt ? 'visits.status.discharged' : 'visits.status.admitted');

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('visits.recent')}</h2>
      <p className="form-help">{t('visits.recentHint', { count: RECENT_VISITS })}</p>
      <DeskTable
        labelledBy={headingId}
        query={visits}
        dataKey="registrationNo"
        emptyMessage={t('visits.empty')}
        rowClassName={(visit: PatientVisit) => ({
          'patient-visit-cancelled': visit.kind === 'outpatient' && visit.cancelled,
        })}
      >
        {dateColumn(t('visits.columns.date'), (visit: PatientVisit) => visit.date)}
        <Column
          header={t('visits.columns.registrationNo')}
          body={(visit: PatientVisit) => <VisitLink registrationNo={visit.registrationNo} onOpen={onOpen} />}
        />
        <Column
          header={t('visits.columns.kind')}
          body={(visit: PatientVisit) => t(`visits.kinds.${visit.kind}`)}
        />
        <Column
          header={t('visits.columns.place')}
          body={(visit: PatientVisit) => (visit.kind === 'outpatient' ? visit.clinic.name : visit.room.name)}
        />
        <Column
          header={t('visits.columns.doctor')}
          body={(visit: PatientVisit) => (visit.kind === 'outpatient' && visit.doctor?.name) || t('none')}
        />
        <Column
          header={t('visits.columns.diagnoses')}
          body={(visit: PatientVisit) =>
            (visit.kind === 'outpatient' && visit.diagnoses.join('; ')) || t('none')
          }
        />
        <Column header={t('visits.columns.status')} body={status} />
      </DeskTable>
    </section>
  );
}
