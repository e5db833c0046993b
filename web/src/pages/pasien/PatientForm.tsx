import '../../i18n/zod';
import '../../components/forms.css';
import './pasien.css';
import {
  nikFindings,
  type PatientCheckRequest,
  patientFieldNames,
  type PatientDetail,
  type PatientDuplicate,
  type PatientInput,
  patientInputSchema,
  newPatientFormSchema,
  type ReferenceKind,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { type Control, type DefaultValues, type UseFormRegisterReturn, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { simrsCurrent, useNextMrn, usePatientCheck, useSavePatient } from '../../api/patientRecords';
import { useReferenceCodes } from '../../api/references';
import { emptyAsNull } from '../../components/FormDialog';
import { described, inputClass } from '../../components/formControls';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { type DialogField, useDialogForm } from '../../components/useDialogForm';
import { contractMessage } from '../../i18n/contractMessages';
import { formatBirthDate } from '../../i18n/format';
import { pasienNs } from './i18n';

type PatientForm = z.input<typeof patientInputSchema>;
type FieldName = Exclude<keyof PatientForm, 'confirmDuplicate'>;

const fieldNames: readonly FieldName[] = patientFieldNames;

/** The values the records keep for these fields, stored as typed (in Bahasa Indonesia in either language). */
const suggestions = {
  religion: ['Islam', 'Kristen', 'Katolik', 'Hindu', 'Buddha', 'Konghucu'],
  maritalStatus: ['Belum Kawin', 'Kawin', 'Cerai Hidup', 'Cerai Mati'],
  familyRelation: ['Peserta', 'Suami', 'Istri', 'Anak', 'Orang Tua', 'Lainnya'],
  education: ['Belum Sekolah', 'SD', 'SMP', 'SMA', 'D3', 'S1', 'S2', 'S3'],
  occupation: [
    'Belum/Tidak Bekerja',
    'Pelajar/Mahasiswa',
    'Mengurus Rumah Tangga',
    'PNS',
    'TNI',
    'POLRI',
    'Karyawan Swasta',
    'Karyawan BUMN',
    'Wiraswasta',
    'Pedagang',
    'Petani/Pekebun',
    'Nelayan',
    'Buruh',
    'Guru/Dosen',
    'Tenaga Kesehatan',
    'Sopir',
    'Pensiunan',
  ],
};

const valuesOf = (patient: PatientDetail | null): DefaultValues<PatientForm> => ({
  ...Object.fromEntries(fieldNames.map((name) => [name, patient?.[name] ?? null])),
  name: patient?.name ?? '',
  birthDate: patient?.birthDate ?? '',
  sex: patient?.sex,
  // Asked of a new patient (required): empty is missing, not none.
  ...(patient === null ? { motherName: '' } : {}),
  confirmDuplicate: false,
});

/** A NIK is typed in groups of four as printed on the KTP: the spaces are not kept. */
const nikValue = (value: unknown) =>
  emptyAsNull(typeof value === 'string' ? value.replace(/\s/g, '') : value);
const sexValue = (value: unknown) => (value === '' ? undefined : value);

const isDate = (value: unknown): value is string =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * What the duplicate check is asked: the NIK once it has 16 digits, the name and birth date once both are
 * there (for a record being changed, only when one of them changed: its own are no news).
 */
function checkRequest(
  values: { name?: string; birthDate?: string; nik?: string | null },
  patient: PatientDetail | null,
): PatientCheckRequest | null {
  const nik = values.nik && /^\d{16}$/.test(values.nik) ? values.nik : undefined;
  const name = values.name?.trim() ?? '';
  const renamed = !patient || name !== patient.name || values.birthDate !== patient.birthDate;
  const person =
    renamed && name.length >= 3 && isDate(values.birthDate) ? { name, birthDate: values.birthDate } : {};
  if (nik === undefined && !('name' in person)) return null;
  return { ...person, ...(nik ? { nik } : {}), ...(patient ? { patientId: patient.id } : {}) };
}

/**
 * The counter's patient form, for a new patient (`patient` null) and for changing one: every legacy field in
 * sections, the NIK checked as it is typed, and other records that may be the same person shown before
 * saving. A saved patient opens on their page, unless the form is part of another screen (`onSaved`,
 * `onCancel`: the counter's registration goes on to the booking); `prefill` is what that screen already knows.
 */
export function PatientForm({
  patient,
  prefill,
  onSaved,
  onCancel,
}: {
  patient: PatientDetail | null;
  prefill?: DefaultValues<PatientForm>;
  onSaved?: (saved: PatientDetail) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(pasienNs);
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSavePatient();
  // A new patient opens on their page; otherwise back to where the form was opened from (the patient's page
  // or the search), or to that page when the form was opened directly.
  const leave = (savedId?: number) => {
    if (patient === null && savedId !== undefined) navigate(`/pasien/${savedId}`, { replace: true });
    else if (location.key !== 'default') navigate(-1);
    else navigate(patient ? `/pasien/${patient.id}` : '/pasien', { replace: true });
  };
  const schema: z.ZodType<PatientInput, PatientForm> = patient ? patientInputSchema : newPatientFormSchema;
  const form = useDialogForm({
    schema,
    defaultValues: { ...valuesOf(patient), ...prefill },
    fieldNames,
    fieldByErrorCode: { PATIENT_NIK_TAKEN: 'nik' },
    saving: save.isPending,
    mutate: (input, { onSuccess, onError }) =>
      save.mutate(
        { id: patient?.id ?? null, input },
        {
          onSuccess,
          onError: (error) => {
            // The SIMRS changed the record first: the form shows its values, and why nothing was saved.
            const current = simrsCurrent(error);
            if (current) form.reset(valuesOf(current));
            onError(error);
          },
        },
      ),
    onSaved: (saved: PatientDetail) => (onSaved ? onSaved(saved) : leave(saved.id)),
  });
  const text = (name: FieldName, extra: Omit<ComponentProps<typeof TextField>, 'field' | 'label'> = {}) => (
    <TextField
      field={form.field(name)}
      label={t(`form.fields.${name}`)}
      // Name and birth date (and a new patient's mother's name) are required: empty stays empty, which the
      // schema says is missing.
      setValueAs={
        name === 'name' || name === 'birthDate' || (name === 'motherName' && patient === null)
          ? undefined
          : emptyAsNull
      }
      {...extra}
    />
  );
  const suggested = (name: keyof typeof suggestions) => {
    const listId = `${form.dialog.formId}-${name}-list`;
    return text(name, {
      list: listId,
      children: (
        <datalist id={listId}>
          {suggestions[name].map((option) => (
            <option key={option} value={option} />
          ))}
        </datalist>
      ),
    });
  };

  return (
    <section className="card" aria-labelledby={`${form.dialog.formId}-title`}>
      <h2 id={`${form.dialog.formId}-title`}>
        {patient ? t('form.editTitle', { name: patient.name }) : t('form.newTitle')}
      </h2>
      <p className="patient-form-mrn">{patient ? t('form.mrn', { mrn: patient.mrn }) : <NextMrn />}</p>
      {form.dialog.formError && (
        <Message className="form-message" severity="error" text={form.dialog.formError} />
      )}
      <form id={form.dialog.formId} className="patient-form" onSubmit={form.dialog.onSubmit} noValidate>
        <FormSection title={t('form.sections.identity')}>
          {text('name')}
          <SelectField field={form.field('sex')} label={t('form.fields.sex')} setValueAs={sexValue}>
            <option value="">{t('form.chooseSex')}</option>
            <option value="L">{t('sexes.L')}</option>
            <option value="P">{t('sexes.P')}</option>
          </SelectField>
          {text('birthPlace')}
          {text('birthDate', { type: 'date' })}
          <NikField field={form.field('nik')} control={form.control} />
          {text('nip')}
          {text('motherName', { help: t('form.help.motherName') })}
          {suggested('religion')}
          {suggested('maritalStatus')}
          {text('ethnicity')}
          {suggested('education')}
          {suggested('occupation')}
        </FormSection>
        <FormSection title={t('form.sections.address')}>
          {text('address')}
          {text('addressDomicile')}
          {text('address3')}
          {text('address4')}
          {text('provinceName', { help: t('form.help.region') })}
          {text('regencyName')}
          {text('districtName')}
          {text('villageName')}
          {text('rw', { inputMode: 'numeric' })}
          {text('rt', { inputMode: 'numeric' })}
        </FormSection>
        <FormSection title={t('form.sections.family')}>
          {codedFields.map(({ kind, name }) => (
            <ReferenceField key={name} kind={kind} field={form.field(name)} name={name} patient={patient} />
          ))}
          {text('insuranceNo')}
          {text('insuredName', { help: t('form.help.insuredName') })}
          {suggested('familyRelation')}
          {text('husbandName')}
          {text('wifeName')}
        </FormSection>
        <FormSection title={t('form.sections.contact')}>
          {text('phone', { type: 'tel', help: t('form.help.phone') })}
          {text('familyContactName')}
          {text('familyContactPhone', { type: 'tel' })}
        </FormSection>
        <FormSection title={t('form.sections.notes')}>{text('notes')}</FormSection>
        <SaveActions
          control={form.control}
          confirm={form.register('confirmDuplicate')}
          patient={patient}
          saving={save.isPending}
          onCancel={onCancel ?? (() => leave())}
        />
      </form>
    </section>
  );
}

function NextMrn() {
  const { t } = useTranslation(pasienNs);
  const next = useNextMrn();
  if (!next.data) return null;
  return (
    <>
      {t('form.nextMrn', { mrn: next.data.mrn })} <small className="form-help">{t('form.nextMrnHelp')}</small>
    </>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="patient-form-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{title}</h3>
      <div className="patient-form-grid">{children}</div>
    </section>
  );
}

/** The NIK with what is wrong with it, told as it is typed; only errors refuse the save. */
function NikField({ field, control }: { field: DialogField; control: Control<PatientForm> }) {
  const { t } = useTranslation(pasienNs);
  const [nik, birthDate, sex] = useWatch({ control, name: ['nik', 'birthDate', 'sex'] });
  const findings =
    nik && /^\d{16}$/.test(nik)
      ? nikFindings(nik, {
          birthDate: isDate(birthDate) ? birthDate : null,
          sex: sex === 'L' || sex === 'P' ? sex : null,
        })
      : [];
  // An error the submit found is shown as the field's error already.
  const shown = findings.filter((finding) => finding.severity === 'warning' || field.error === undefined);
  return (
    <TextField
      field={field}
      label={t('form.fields.nik')}
      help={t('form.help.nik')}
      inputMode="numeric"
      autoComplete="off"
      setValueAs={nikValue}
    >
      {shown.length > 0 && (
        <ul className="patient-nik-findings" aria-label={t('form.nikFindings')} aria-live="polite">
          {shown.map((finding) => (
            <li
              key={finding.code}
              className={finding.severity === 'error' ? 'p-error' : 'patient-nik-warning'}
            >
              <i
                className={`pi ${finding.severity === 'error' ? 'pi-times-circle' : 'pi-exclamation-triangle'}`}
                aria-hidden="true"
              />{' '}
              {contractMessage(finding.message)}
            </li>
          ))}
        </ul>
      )}
    </TextField>
  );
}

const codedFields = [
  { kind: 'patient_group', name: 'patientGroupCode' },
  { kind: 'unit', name: 'unitCode' },
  { kind: 'rank', name: 'rankCode' },
  { kind: 'company', name: 'companyCode' },
] as const;

const textOf = {
  patientGroupCode: 'patientGroup',
  unitCode: 'unit',
  rankCode: 'rank',
  companyCode: 'company',
} as const;

/**
 * A code from one reference list, with its name. A code the patient carries that the list no longer offers
 * (retired, or imported from the legacy system without a list entry) stays a choice, so that saving keeps it.
 */
function ReferenceField({
  kind,
  field,
  name,
  patient,
}: {
  kind: ReferenceKind;
  field: DialogField;
  name: 'patientGroupCode' | 'unitCode' | 'rankCode' | 'companyCode';
  patient: PatientDetail | null;
}) {
  const { t } = useTranslation([pasienNs, 'translation']);
  const codes = useReferenceCodes(kind);
  const label = t(`form.fields.${name}`);
  // The select mounts once its options are there, so that the form's value finds its option.
  if (!codes.data) {
    return (
      <FormField id={field.id} label={label}>
        <select id={field.id} className={inputClass(undefined)} disabled>
          <option>{t('translation:common.loading')}</option>
        </select>
      </FormField>
    );
  }
  const current = patient?.[name] ?? null;
  const kept = current !== null && !codes.data.some((entry) => entry.code === current);
  return (
    <FormField id={field.id} label={label} error={field.error?.message}>
      <select
        id={field.id}
        className={inputClass(field.error)}
        {...described(field.id, field.error)}
        {...field.register({ setValueAs: emptyAsNull })}
      >
        <option value="">{t('form.noCode')}</option>
        {kept && (
          <option value={current}>
            {t('form.oldCode', { code: current, text: patient?.[textOf[name]] ?? '' })}
          </option>
        )}
        {codes.data.map((entry) => (
          <option key={entry.id} value={entry.code}>
            {t('form.codeOption', { code: entry.code, name: entry.name })}
          </option>
        ))}
      </select>
    </FormField>
  );
}

/**
 * The form's buttons, after the other records that may be this patient (asked as the name, birth date and NIK
 * are typed). A shared NIK stops the save; a shared name and birth date asks for a confirmation.
 */
function SaveActions({
  control,
  confirm,
  patient,
  saving,
  onCancel,
}: {
  control: Control<PatientForm>;
  confirm: UseFormRegisterReturn;
  patient: PatientDetail | null;
  saving: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation(pasienNs);
  const [name, birthDate, nik] = useWatch({ control, name: ['name', 'birthDate', 'nik'] });
  const request = useDebouncedValue(checkRequest({ name, birthDate, nik }, patient));
  const check = usePatientCheck(request);
  const duplicates = request === null ? [] : (check.data?.duplicates ?? []);
  return (
    <>
      <Duplicates duplicates={duplicates} confirm={confirm} />
      <div className="patient-form-actions">
        <Button type="button" label={t('form.cancel')} severity="secondary" text onClick={onCancel} />
        <Button
          type="submit"
          icon="pi pi-check"
          label={patient ? t('form.save') : t('form.register')}
          loading={saving}
          disabled={duplicates.some((duplicate) => duplicate.match === 'nik')}
        />
      </div>
    </>
  );
}

/** Other records that may be this patient, each with a link to it; a shared name and birth date needs a confirmation. */
function Duplicates({
  duplicates,
  confirm,
}: {
  duplicates: PatientDuplicate[];
  confirm: UseFormRegisterReturn;
}) {
  const { t } = useTranslation(pasienNs);
  const headingId = useId();
  if (duplicates.length === 0) return null;
  const sameNik = duplicates.some((duplicate) => duplicate.match === 'nik');
  return (
    <section className="patient-duplicates" aria-labelledby={headingId} aria-live="polite">
      <h3 id={headingId}>
        <i className="pi pi-exclamation-triangle" aria-hidden="true" /> {t('form.duplicates.title')}
      </h3>
      <p>{t(sameNik ? 'form.duplicates.nik' : 'form.duplicates.nameBirthDate')}</p>
      <ul>
        {duplicates.map((duplicate) => (
          <li key={duplicate.id}>
            <Link to={`/pasien/${duplicate.id}`} className="patient-link">
              {duplicate.name}
            </Link>{' '}
            {t('form.duplicates.row', {
              mrn: duplicate.mrn,
              birthDate: formatBirthDate(duplicate.birthDate, t('birthDateMissing')),
            })}
            {duplicate.address ? ` · ${duplicate.address}` : ''} (
            {t(`form.duplicates.matches.${duplicate.match}`)})
          </li>
        ))}
      </ul>
      {!sameNik && (
        <label className="form-choice">
          <input type="checkbox" {...confirm} />
          {t('form.duplicates.confirm')}
        </label>
      )}
    </section>
  );
}
