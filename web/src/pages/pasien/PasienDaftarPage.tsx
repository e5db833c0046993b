import '../../i18n/zod';
import '../../components/forms.css';
import '../../components/lists.css';
import './pasien.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { type PatientSearchRow, patientSearchQuerySchema, plausibleCriteria } from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { servedAt, useAdmissionQueue } from '../../api/admissionQueue';
import { usePatientSearch } from '../../api/patients';
import { type CounterPatient, CounterBookingDialog } from '../../components/CounterBookingDialog';
import { actionCells, dateColumn, DeskTable } from '../../components/DeskTable';
import { FormField } from '../../components/FormField';
import { positiveInt, useUrlParam } from '../../components/useUrlParam';
import { PrimeScope } from '../../components/PrimeScope';
import { FoundCount } from './FoundCount';
import { pasienNs } from './i18n';
import { PatientForm } from './PatientForm';

const searchSchema = z.object({ q: z.string() }).superRefine(({ q }, ctx) => {
  const checked = patientSearchQuerySchema.safeParse({ q });
  for (const issue of checked.success ? [] : checked.error.issues.slice(0, 1)) {
    ctx.addIssue({ code: 'custom', path: ['q'], message: issue.message });
  }
});
type SearchForm = z.infer<typeof searchSchema>;

/** What the search box already told about a patient not found: the new record starts from it. */
function prefillOf(term: string) {
  const known: Partial<Record<'name' | 'nik' | 'insuranceNo', string>> = {};
  for (const { field, term: value } of plausibleCriteria(term)) {
    if (field === 'nik' && value.length === 16) known.nik = value;
    if (field === 'insuranceNo' && value.length === 13) known.insuranceNo = value;
    if (field === 'name') known.name = value;
  }
  return known;
}

/**
 * The registration counter in one screen, as SIMRS Khanza's: one box finds the patient by whatever the clerk
 * has in hand (record number, NIK, BPJS card, name), or the KTP makes a new record right here; either goes
 * straight into the booking with the patient carried over, and ends on the ticket to print. `?loket=` is the
 * clerk's admission counter, whose walk-in number is shown (the queue desk's "Daftarkan" opens it so).
 */
export default function PasienDaftarPage() {
  const { t } = useTranslation(pasienNs);
  const [term, setTerm] = useUrlParam('cari');
  const [adding, setAdding] = useState(false);
  const [booking, setBooking] = useState<CounterPatient | null>(null);
  const counter = positiveInt(useUrlParam('loket')[0]);

  return (
    <PrimeScope>
      {adding ? (
        <>
          <p>
            <Button
              type="button"
              text
              icon="pi pi-arrow-left"
              label={t('counter.backToSearch')}
              onClick={() => setAdding(false)}
            />
          </p>
          <PatientForm
            patient={null}
            prefill={prefillOf(term ?? '')}
            onCancel={() => setAdding(false)}
            onSaved={(saved) => {
              // Back at the search, which now finds the new record too.
              setAdding(false);
              setBooking(saved);
            }}
          />
        </>
      ) : (
        <>
          {counter !== null && <WalkIn counter={counter} />}
          <SearchBox term={term ?? ''} onSearch={setTerm} onNew={() => setAdding(true)} />
          {term && <Hits term={term} onChoose={setBooking} />}
        </>
      )}
      {booking && <CounterBookingDialog patient={booking} onClose={() => setBooking(null)} />}
    </PrimeScope>
  );
}

/** The walk-in number the clerk's counter serves, whose holder is being registered. */
function WalkIn({ counter }: { counter: number }) {
  const { t } = useTranslation(pasienNs);
  const served = servedAt(useAdmissionQueue().data, counter);
  return served ? (
    <Message
      className="counter-walk-in"
      severity="info"
      text={t('counter.walkIn', { number: served.number, counter })}
    />
  ) : null;
}

function SearchBox({
  term,
  onSearch,
  onNew,
}: {
  term: string;
  onSearch: (term: string) => void;
  onNew: () => void;
}) {
  const { t } = useTranslation(pasienNs);
  const formId = useId();
  const inputId = `${formId}-q`;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SearchForm>({ resolver: zodResolver(searchSchema), defaultValues: { q: term } });
  // Back and forward change the search in the URL: the box follows.
  useEffect(() => reset({ q: term }), [term, reset]);

  return (
    <section className="card" aria-labelledby={`${formId}-title`}>
      <div className="list-head">
        <h2 id={`${formId}-title`}>{t('counter.title')}</h2>
        <Button type="button" icon="pi pi-user-plus" label={t('counter.newPatient')} onClick={onNew} />
      </div>
      <p className="form-help">{t('counter.intro')}</p>
      <form
        className="patient-search"
        role="search"
        noValidate
        onSubmit={handleSubmit(({ q }) => onSearch(q.trim()))}
      >
        <FormField
          id={inputId}
          label={t('counter.search')}
          help={t('counter.searchHelp')}
          error={errors.q?.message}
        >
          <InputText
            id={inputId}
            type="search"
            autoFocus
            autoComplete="off"
            placeholder={t('counter.placeholder')}
            invalid={errors.q !== undefined}
            aria-invalid={errors.q !== undefined}
            aria-describedby={`${inputId}-help${errors.q ? ` ${inputId}-error` : ''}`}
            {...register('q')}
          />
        </FormField>
        <Button
          type="submit"
          icon="pi pi-search"
          label={t('counter.find')}
          className="patient-search-submit"
        />
      </form>
    </section>
  );
}

function Hits({ term, onChoose }: { term: string; onChoose: (patient: PatientSearchRow) => void }) {
  const { t } = useTranslation(pasienNs);
  const headingId = useId();
  const result = usePatientSearch({ field: 'q', term });
  const criteria = plausibleCriteria(term).map(({ field }) => t(`counter.criteria.${field}`));
  const none = t('counter.none');

  return (
    <section className="card" aria-labelledby={headingId} aria-busy={result.isFetching}>
      <h2 id={headingId}>{t('counter.results', { term })}</h2>
      <p className="form-help">{t('counter.searchedAs', { criteria: criteria.join(', ') })}</p>
      <FoundCount found={result.data} />
      <DeskTable
        labelledBy={headingId}
        query={result}
        rows={result.data?.patients}
        pageSize={20}
        emptyMessage={t('counter.empty')}
      >
        <Column field="mrn" header={t('counter.columns.mrn')} />
        <Column
          header={t('counter.columns.name')}
          body={(patient: PatientSearchRow) => (
            <Link to={`/pasien/${patient.id}`} className="patient-link">
              {patient.name}
            </Link>
          )}
        />
        {dateColumn(t('counter.columns.birthDate'), (patient: PatientSearchRow) => patient.birthDate)}
        <Column header={t('counter.columns.nik')} body={(patient: PatientSearchRow) => patient.nik ?? none} />
        <Column
          header={t('counter.columns.insurance')}
          body={(patient: PatientSearchRow) => patient.insuranceNo ?? none}
        />
        <Column
          header={t('counter.columns.address')}
          body={(patient: PatientSearchRow) => patient.address ?? none}
        />
        <Column
          header={t('counter.columns.matched')}
          body={(patient: PatientSearchRow) =>
            patient.matched?.map((field) => (
              <Tag
                key={field}
                severity="info"
                className="counter-matched"
                value={t(`counter.criteria.${field}`)}
              />
            ))
          }
        />
        <Column
          header={t('counter.columns.actions')}
          {...actionCells}
          body={(patient: PatientSearchRow) => (
            <Button
              type="button"
              size="small"
              icon="pi pi-calendar-plus"
              label={t('counter.choose')}
              aria-label={t('counter.chooseLabel', { name: patient.name, mrn: patient.mrn })}
              onClick={() => onChoose(patient)}
            />
          )}
        />
      </DeskTable>
    </section>
  );
}
