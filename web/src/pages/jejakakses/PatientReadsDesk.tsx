import '../../components/forms.css';
import './PatientReadsDesk.css';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  calendarDateSchema,
  type PatientRead,
  type PatientReadCriteria,
  patientReadKinds,
  RANGE_BACKWARDS,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { usePatientReads } from '../../api/staffSecurity';
import { DeskTable, textColumn } from '../../components/DeskTable';
import { DeskToolbar } from '../../components/DeskToolbar';
import { FilterSelect } from '../../components/FilterSelect';
import { FormField } from '../../components/FormField';
import { described, inputClass } from '../../components/formControls';
import { PersonCell } from '../../components/PersonCell';
import { PrimeScope } from '../../components/PrimeScope';
import { SearchField } from '../../components/SearchField';
import { ISO_DATE, useDeskFilter } from '../../components/useDeskFilter';
import { useUrlSearch } from '../../components/useUrlSearch';
import { HospitalTime } from '../../components/HospitalTime';
import { formatDate } from '../../i18n/format';
import { jejakAksesNs } from './i18n';

const FILTERS = { jenis: patientReadKinds, from: ISO_DATE, to: ISO_DATE };
/** A new staff or patient term starts again on the first page. */
const NEW_TERM_RESETS = ['page'] as const;

/**
 * The records officer's read audit: every search and every opened record, history or list, newest first,
 * by staff member, patient, kind and days (all in the URL), paged by the server.
 */
export default function PatientReadsDesk() {
  const { t } = useTranslation(jejakAksesNs);
  const headingId = useId();
  const desk = useDeskFilter(FILTERS);
  const staff = useUrlSearch({ param: 'petugas', resets: NEW_TERM_RESETS });
  const patient = useUrlSearch({ param: 'pasien', resets: NEW_TERM_RESETS });
  const { jenis, from, to } = desk.filter;
  const reads = usePatientReads({
    staff: staff.term,
    patient: patient.term,
    kind: jenis,
    from,
    to,
    page: desk.page,
    pageSize: desk.pageSize,
  });

  return (
    <PrimeScope>
      <section className="card" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('title')}</h2>
        <p className="form-help">{t('intro')}</p>
        <DeskToolbar count={reads.data ? t('count', { count: reads.data.total }) : undefined}>
          <SearchField
            label={t('filters.staff')}
            placeholder={t('filters.staffPlaceholder')}
            search={staff}
          />
          <SearchField
            label={t('filters.patient')}
            placeholder={t('filters.patientPlaceholder')}
            search={patient}
          />
          <FilterSelect
            label={t('filters.kind')}
            options={patientReadKinds.map((value) => ({ value, label: t(`kinds.${value}`) }))}
            {...desk.select('jenis')}
          />
          <RangeForm
            key={`${from}/${to}`}
            from={from}
            to={to}
            onRange={(range) => desk.navigate({ from: range.from || null, to: range.to || null })}
          />
        </DeskToolbar>
        <DeskTable labelledBy={headingId} query={reads} desk={desk} emptyMessage={t('empty')}>
          <Column header={t('columns.at')} body={(row: PatientRead) => <HospitalTime iso={row.at} />} />
          <Column
            header={t('columns.staff')}
            body={(row: PatientRead) => (
              <PersonCell name={row.staff.name} note={row.staff.username ?? t('noLogin')} />
            )}
          />
          {textColumn(t('columns.kind'), (row: PatientRead) => t(`kinds.${row.kind}`))}
          <Column header={t('columns.patient')} body={(row: PatientRead) => <ReadSubject read={row} />} />
          <Column field="address" header={t('columns.address')} />
        </DeskTable>
      </section>
    </PrimeScope>
  );
}

/** Whose data was read, and what was asked for. */
function ReadSubject({ read }: { read: PatientRead }) {
  const { t } = useTranslation(jejakAksesNs);
  const criteria = read.criteria && (
    <span className="read-criteria">
      {criteriaText(
        read.criteria,
        t('criteria', { returnObjects: true }) as Record<string, string>,
        t('lists', { returnObjects: true }) as Record<string, string>,
      )}
    </span>
  );
  if (!read.patient) return criteria;
  return (
    <>
      <PersonCell name={read.patient.name} note={t('mrn', { mrn: read.patient.mrn })} />
      {criteria}
    </>
  );
}

/**
 * "Daftar: Rawat jalan · Dari: 1 Des 2026 · Sampai: 31 Des 2026": the names the screen knows, in its order
 * (the database keeps a record's criteria in an order of its own: "to" before "from"), dates as the
 * screen writes them; other names and values as the API sent them.
 */
function criteriaText(
  criteria: PatientReadCriteria,
  names: Record<string, string>,
  lists: Record<string, string>,
): string {
  const order = Object.keys(names);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return Object.entries(criteria)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([name, value]) => {
      const text = String(value);
      const shown = name === 'list' ? (lists[text] ?? text) : ISO_DATE.test(text) ? formatDate(text) : text;
      return `${names[name] ?? name}: ${shown}`;
    })
    .join(' · ');
}

const rangeFormSchema = z
  .object({ from: calendarDateSchema.or(z.literal('')), to: calendarDateSchema.or(z.literal('')) })
  .refine((range) => !range.from || !range.to || range.from <= range.to, {
    path: ['to'],
    message: RANGE_BACKWARDS,
  });
type Range = z.infer<typeof rangeFormSchema>;

/**
 * The days of the reads, applied with "Tampilkan" (a date being typed passes through other dates); either end
 * may stay empty.
 */
function RangeForm({
  from,
  to,
  onRange,
}: {
  from: string | null;
  to: string | null;
  onRange: (range: Range) => void;
}) {
  const { t } = useTranslation(jejakAksesNs);
  const formId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Range>({
    resolver: zodResolver(rangeFormSchema),
    defaultValues: { from: from ?? '', to: to ?? '' },
  });
  const dateInput = (end: 'from' | 'to') => {
    const id = `${formId}-${end}`;
    const error = errors[end];
    return (
      <FormField id={id} label={t(`filters.${end}`)} error={error?.message}>
        <input
          id={id}
          type="date"
          className={inputClass(error)}
          {...described(id, error)}
          {...register(end)}
        />
      </FormField>
    );
  };
  return (
    <form className="read-range" aria-label={t('filters.range')} onSubmit={handleSubmit(onRange)} noValidate>
      {dateInput('from')}
      {dateInput('to')}
      <Button type="submit" icon="pi pi-filter" label={t('filters.show')} className="read-range-submit" />
    </form>
  );
}
