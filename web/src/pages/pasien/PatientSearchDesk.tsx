import '../../i18n/zod';
import '../../components/forms.css';
import '../../components/lists.css';
import './pasien.css';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type PatientSearchField,
  type PatientSearchRow,
  patientSearchFields,
  patientSearchQuerySchema,
} from '@portal/contract';
import { deskRoles } from '@portal/contract/constants';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ApiError } from '../../api/client';
import { type PatientSearch, useFindVisit, usePatientSearch } from '../../api/patients';
import { hasRole, useSession } from '../../api/session';
import { dateColumn, DeskTable } from '../../components/DeskTable';
import { FormField } from '../../components/FormField';
import i18n from '../../i18n';
import { LinkButton } from '../../components/LinkButton';
import { PrimeScope } from '../../components/PrimeScope';
import { FoundCount } from './FoundCount';
import { pasienNs } from './i18n';

// The search lives in the URL (?by=name&q=…): the back button from a patient's page finds it again.
const searchFormSchema = z
  .object({ field: z.enum(patientSearchFields), term: z.string() })
  .superRefine((form, ctx) => {
    const checked = patientSearchQuerySchema.safeParse({ [form.field]: form.term });
    for (const issue of checked.success ? [] : checked.error.issues.slice(0, 1)) {
      ctx.addIssue({ code: 'custom', path: ['term'], message: issue.message });
    }
  });
type SearchForm = z.infer<typeof searchFormSchema>;

function searchFromUrl(params: URLSearchParams): PatientSearch | null {
  const parsed = searchFormSchema.safeParse({ field: params.get('by'), term: params.get('q') ?? '' });
  return parsed.success ? { field: parsed.data.field, term: parsed.data.term.trim() } : null;
}

const isField = (value: string | null): value is PatientSearchField =>
  (patientSearchFields as readonly (string | null)[]).includes(value);

/** Search by one criterion, the results, and a box that opens a visit by its registration number. */
export default function PatientSearchDesk() {
  const [params, setParams] = useSearchParams();
  const { session } = useSession();
  const search = searchFromUrl(params);
  const by = params.get('by');
  return (
    <PrimeScope>
      <SearchSection
        initial={{ field: isField(by) ? by : 'name', term: params.get('q') ?? '' }}
        onSearch={({ field, term }) => setParams({ by: field, q: term.trim() })}
      />
      {search && <Results search={search} />}
      {/* Visits are the medical records desk's; the registration counter finds and registers patients. */}
      {hasRole(session, deskRoles.records) && <VisitLookup />}
    </PrimeScope>
  );
}

function SearchSection({ initial, onSearch }: { initial: SearchForm; onSearch: (form: SearchForm) => void }) {
  const { t } = useTranslation(pasienNs);
  const formId = useId();
  const {
    register,
    handleSubmit,
    control,
    setValue,
    reset,
    formState: { errors },
  } = useForm<SearchForm>({ resolver: zodResolver(searchFormSchema), defaultValues: initial });
  // Back and forward change the search in the URL: the form follows.
  const { field: initialField, term: initialTerm } = initial;
  useEffect(() => reset({ field: initialField, term: initialTerm }), [initialField, initialTerm, reset]);
  const field = useWatch({ control, name: 'field' });
  const termId = `${formId}-term`;
  const termRegistration = register('term');

  return (
    <section className="card" aria-labelledby={`${formId}-title`}>
      <div className="list-head">
        <h2 id={`${formId}-title`}>{t('search.title')}</h2>
        <LinkButton to="/pasien/baru" icon="pi pi-user-plus" label={t('search.newPatient')} />
      </div>
      <form className="patient-search" onSubmit={handleSubmit(onSearch)} noValidate role="search">
        <FormField id={`${formId}-field`} label={t('search.field')}>
          <select
            id={`${formId}-field`}
            className="p-inputtext p-component"
            {...register('field', {
              // A date and a text do not carry over into each other.
              onChange: (event: { target: { value: string } }) => {
                if ((event.target.value === 'birthDate') !== (field === 'birthDate')) setValue('term', '');
              },
            })}
          >
            {patientSearchFields.map((option) => (
              <option key={option} value={option}>
                {t(`search.fields.${option}`)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id={termId}
          label={t('search.term')}
          help={t(
            field === 'birthDate' ? 'search.dateHint' : field === 'mrn' ? 'search.mrnHint' : 'search.hint',
          )}
          error={errors.term?.message}
        >
          {field === 'birthDate' ? (
            <input
              id={termId}
              type="date"
              className={`p-inputtext p-component${errors.term ? ' p-invalid' : ''}`}
              aria-invalid={errors.term !== undefined}
              aria-describedby={`${termId}-help${errors.term ? ` ${termId}-error` : ''}`}
              {...termRegistration}
            />
          ) : (
            <InputText
              id={termId}
              type="search"
              placeholder={t(`search.placeholders.${field}`)}
              invalid={errors.term !== undefined}
              aria-invalid={errors.term !== undefined}
              aria-describedby={`${termId}-help${errors.term ? ` ${termId}-error` : ''}`}
              {...termRegistration}
            />
          )}
        </FormField>
        <Button
          type="submit"
          icon="pi pi-search"
          label={t('search.submit')}
          className="patient-search-submit"
        />
      </form>
    </section>
  );
}

function Results({ search }: { search: PatientSearch }) {
  const { t } = useTranslation(pasienNs);
  const headingId = useId();
  const result = usePatientSearch(search);

  return (
    <section className="card" aria-labelledby={headingId} aria-busy={result.isFetching}>
      <h2 id={headingId}>
        {t('search.results', { field: t(`search.fields.${search.field}`), term: search.term })}
      </h2>
      <FoundCount found={result.data} />
      <DeskTable
        labelledBy={headingId}
        query={result}
        rows={result.data?.patients}
        pageSize={50}
        emptyMessage={t('search.empty')}
      >
        <Column field="mrn" header={t('search.columns.mrn')} />
        <Column
          header={t('search.columns.name')}
          body={(patient: PatientSearchRow) => (
            <Link to={`/pasien/${patient.id}`} className="patient-link">
              {patient.name}
            </Link>
          )}
        />
        <Column header={t('search.columns.sex')} body={(patient: PatientSearchRow) => patient.sex} />
        {dateColumn(
          t('search.columns.birthDate'),
          (patient: PatientSearchRow) => patient.birthDate,
          t('birthDateMissing'),
        )}
        <Column
          header={t('search.columns.nik')}
          body={(patient: PatientSearchRow) => patient.nik ?? t('none')}
        />
        <Column
          header={t('search.columns.phone')}
          body={(patient: PatientSearchRow) => patient.phone ?? t('none')}
        />
        <Column
          header={t('search.columns.insurance')}
          body={(patient: PatientSearchRow) =>
            [patient.insuranceNo, patient.nip].filter(Boolean).join(' / ') || t('none')
          }
        />
        <Column
          header={t('search.columns.address')}
          body={(patient: PatientSearchRow) => patient.address ?? t('none')}
        />
      </DeskTable>
    </section>
  );
}

const visitLookupSchema = z.object({
  registrationNo: z
    .string()
    .trim()
    .min(1, { error: () => i18n.t('pasien:visitLookup.required') })
    .max(40),
});
type VisitLookupForm = z.infer<typeof visitLookupSchema>;

/** Opens a visit by its registration number on its patient's page. */
function VisitLookup() {
  const { t } = useTranslation(pasienNs);
  const formId = useId();
  const navigate = useNavigate();
  const find = useFindVisit();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<VisitLookupForm>({
    resolver: zodResolver(visitLookupSchema),
    defaultValues: { registrationNo: '' },
  });
  const inputId = `${formId}-registrationNo`;

  const submit = handleSubmit(({ registrationNo }) =>
    find.mutate(registrationNo, {
      onSuccess: (visit) =>
        navigate(`/pasien/${visit.patient.id}?${new URLSearchParams({ kunjungan: visit.registrationNo })}`),
      onError: (error) =>
        setError('registrationNo', {
          message: error instanceof ApiError ? error.message : i18n.t('errors.unexpected'),
        }),
    }),
  );

  return (
    <section className="card" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>{t('visitLookup.title')}</h2>
      <form className="patient-search" onSubmit={submit} noValidate>
        <FormField id={inputId} label={t('visitLookup.label')} error={errors.registrationNo?.message}>
          <InputText
            id={inputId}
            placeholder={t('visitLookup.placeholder')}
            invalid={errors.registrationNo !== undefined}
            aria-invalid={errors.registrationNo !== undefined}
            aria-describedby={errors.registrationNo ? `${inputId}-error` : undefined}
            {...register('registrationNo')}
          />
        </FormField>
        <Button
          type="submit"
          icon="pi pi-folder-open"
          label={t('visitLookup.submit')}
          loading={find.isPending}
          className="patient-search-submit"
        />
      </form>
    </section>
  );
}
