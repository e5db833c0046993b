import { zodResolver } from '@hookform/resolvers/zod';
import {
  calendarDateSchema,
  historyRangeProblem,
  type InpatientVisit,
  type OutpatientVisit,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { type ReactNode, useId, useState } from 'react';
import { type FieldError, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useBeds } from '../../api/beds';
import {
  type InpatientFilter,
  type OutpatientFilter,
  useInpatientHistory,
  useOutpatientHistory,
} from '../../api/patients';
import { useClinics } from '../../api/registration';
import { FormField } from '../../app/FormField';
import { formatDate, formatDateTime, jakartaDate } from '../../i18n/format';
import { VisitLink } from './VisitLink';
import { pasienNs } from './i18n';

const PAGE_SIZE = 20;

/** The same day a year earlier (28 February for a 29th). */
export function yearBefore(date: string): string {
  const previous = `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
  return previous.endsWith('-02-29') ? previous.replace(/-29$/, '-28') : previous;
}

function defaultRange() {
  const to = jakartaDate(new Date());
  return { from: yearBefore(to), to };
}

const checkRange = (range: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const problem = historyRangeProblem(range.from, range.to);
  if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
};
const range = { from: calendarDateSchema, to: calendarDateSchema };

const outpatientFormSchema = z
  .object({
    ...range,
    clinicId: z.string(),
    vaccination: z.enum(['', '0', '1']),
    includeCancelled: z.boolean(),
  })
  .superRefine(checkRange);
type OutpatientForm = z.infer<typeof outpatientFormSchema>;

const inpatientFormSchema = z.object({ ...range, roomCode: z.string() }).superRefine(checkRange);
type InpatientForm = z.infer<typeof inpatientFormSchema>;

function described(id: string, error: FieldError | undefined) {
  return { 'aria-invalid': error !== undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}

const inputClass = (error: FieldError | undefined) => `p-inputtext p-component${error ? ' p-invalid' : ''}`;

interface FilterProps {
  formId: string;
  onSubmit: () => void;
  children: ReactNode;
}

function Filters({ formId, onSubmit, children }: FilterProps) {
  const { t } = useTranslation(pasienNs);
  return (
    <form id={formId} className="patient-filters" onSubmit={onSubmit} noValidate>
      {children}
      <Button type="submit" icon="pi pi-filter" label={t('history.show')} className="patient-search-submit" />
    </form>
  );
}

/** Outpatient visits by date range, clinic and vaccination; cancelled (BATAL) visits only when asked. */
export function OutpatientHistory({ id, onOpen }: { id: number; onOpen: (registrationNo: string) => void }) {
  const { t } = useTranslation([pasienNs, 'translation']);
  const formId = useId();
  const clinics = useClinics();
  const [filter, setFilter] = useState<OutpatientFilter>(() => ({
    ...defaultRange(),
    clinicId: null,
    vaccination: '',
    includeCancelled: false,
  }));
  const visits = useOutpatientHistory(id, filter);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OutpatientForm>({
    resolver: zodResolver(outpatientFormSchema),
    defaultValues: { ...filter, clinicId: '' },
  });
  const field = (name: string) => `${formId}-${name}`;

  return (
    <>
      <Filters
        formId={formId}
        onSubmit={handleSubmit((form) =>
          setFilter({
            from: form.from,
            to: form.to,
            clinicId: form.clinicId ? Number(form.clinicId) : null,
            vaccination: form.vaccination,
            includeCancelled: form.includeCancelled,
          }),
        )}
      >
        <FormField id={field('from')} label={t('history.from')} error={errors.from?.message}>
          <input
            id={field('from')}
            type="date"
            className={inputClass(errors.from)}
            {...described(field('from'), errors.from)}
            {...register('from')}
          />
        </FormField>
        <FormField id={field('to')} label={t('history.to')} error={errors.to?.message}>
          <input
            id={field('to')}
            type="date"
            className={inputClass(errors.to)}
            {...described(field('to'), errors.to)}
            {...register('to')}
          />
        </FormField>
        <FormField id={field('clinic')} label={t('history.clinic')}>
          <select id={field('clinic')} className={inputClass(undefined)} {...register('clinicId')}>
            <option value="">{t('history.allClinics')}</option>
            {(clinics.data ?? []).map((clinic) => (
              <option key={clinic.id} value={clinic.id}>
                {clinic.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={field('vaccination')} label={t('history.vaccination')}>
          <select id={field('vaccination')} className={inputClass(undefined)} {...register('vaccination')}>
            <option value="">{t('history.vaccinations.all')}</option>
            <option value="0">{t('history.vaccinations.none')}</option>
            <option value="1">{t('history.vaccinations.given')}</option>
          </select>
        </FormField>
        <label className="form-choice patient-filter-check">
          <input type="checkbox" {...register('includeCancelled')} />
          {t('history.includeCancelled')}
        </label>
      </Filters>
      <HistoryCount count={visits.data?.length} />
      <DataTable
        value={visits.data ?? []}
        dataKey="registrationNo"
        loading={visits.isFetching}
        emptyMessage={visits.isPending ? t('translation:common.loading') : t('history.emptyOutpatient')}
        paginator={(visits.data?.length ?? 0) > PAGE_SIZE}
        rows={PAGE_SIZE}
        size="small"
        stripedRows
        rowClassName={(visit: OutpatientVisit) => ({ 'patient-visit-cancelled': visit.cancelled })}
        pt={{ table: { 'aria-label': t('visits.kinds.outpatient') } }}
      >
        <Column
          header={t('visits.columns.date')}
          body={(visit: OutpatientVisit) => <time dateTime={visit.date}>{formatDate(visit.date)}</time>}
        />
        <Column
          header={t('visits.columns.registrationNo')}
          body={(visit: OutpatientVisit) => (
            <VisitLink registrationNo={visit.registrationNo} onOpen={onOpen} />
          )}
        />
        <Column header={t('visits.columns.clinic')} body={(visit: OutpatientVisit) => visit.clinic.name} />
        <Column
          header={t('visits.columns.doctor')}
          body={(visit: OutpatientVisit) => visit.doctor?.name ?? t('none')}
        />
        <Column
          header={t('visits.columns.diagnoses')}
          body={(visit: OutpatientVisit) => visit.diagnoses.join('; ') || t('none')}
        />
        <Column
          header={t('visits.columns.vaccination')}
          body={(visit: OutpatientVisit) =>
            visit.vaccination > 0 ? t('visits.vaccinationDoses', { count: visit.vaccination }) : t('none')
          }
        />
        <Column
          header={t('visits.columns.status')}
          body={(visit: OutpatientVisit) =>
            t(visit.cancelled ? 'visits.status.cancelled' : 'visits.status.done')
          }
        />
      </DataTable>
    </>
  );
}

/** Inpatient stays by admission date, optionally of one room. */
export function InpatientHistory({ id, onOpen }: { id: number; onOpen: (registrationNo: string) => void }) {
  const { t } = useTranslation([pasienNs, 'translation']);
  const formId = useId();
  const beds = useBeds();
  const [filter, setFilter] = useState<InpatientFilter>(() => ({ ...defaultRange(), roomCode: '' }));
  const stays = useInpatientHistory(id, filter);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<InpatientForm>({ resolver: zodResolver(inpatientFormSchema), defaultValues: filter });
  const field = (name: string) => `${formId}-${name}`;

  return (
    <>
      <Filters
        formId={formId}
        onSubmit={handleSubmit((form) =>
          setFilter({ from: form.from, to: form.to, roomCode: form.roomCode }),
        )}
      >
        <FormField id={field('from')} label={t('history.from')} error={errors.from?.message}>
          <input
            id={field('from')}
            type="date"
            className={inputClass(errors.from)}
            {...described(field('from'), errors.from)}
            {...register('from')}
          />
        </FormField>
        <FormField id={field('to')} label={t('history.to')} error={errors.to?.message}>
          <input
            id={field('to')}
            type="date"
            className={inputClass(errors.to)}
            {...described(field('to'), errors.to)}
            {...register('to')}
          />
        </FormField>
        <FormField id={field('room')} label={t('history.room')}>
          <select id={field('room')} className={inputClass(undefined)} {...register('roomCode')}>
            <option value="">{t('history.allRooms')}</option>
            {(beds.data?.rooms ?? []).map((room) => (
              <option key={room.code} value={room.code}>
                {room.name}
              </option>
            ))}
          </select>
        </FormField>
      </Filters>
      <HistoryCount count={stays.data?.length} />
      <DataTable
        value={stays.data ?? []}
        dataKey="registrationNo"
        loading={stays.isFetching}
        emptyMessage={stays.isPending ? t('translation:common.loading') : t('history.emptyInpatient')}
        paginator={(stays.data?.length ?? 0) > PAGE_SIZE}
        rows={PAGE_SIZE}
        size="small"
        stripedRows
        pt={{ table: { 'aria-label': t('visits.kinds.inpatient') } }}
      >
        <Column
          header={t('visits.columns.registrationNo')}
          body={(stay: InpatientVisit) => <VisitLink registrationNo={stay.registrationNo} onOpen={onOpen} />}
        />
        <Column header={t('visits.columns.room')} body={(stay: InpatientVisit) => stay.room.name} />
        <Column
          header={t('visits.columns.admittedAt')}
          body={(stay: InpatientVisit) => formatDateTime(stay.admittedAt)}
        />
        <Column
          header={t('visits.columns.dischargedAt')}
          body={(stay: InpatientVisit) =>
            stay.dischargedAt ? formatDateTime(stay.dischargedAt) : t('visits.status.admitted')
          }
        />
      </DataTable>
    </>
  );
}

function HistoryCount({ count }: { count: number | undefined }) {
  const { t } = useTranslation(pasienNs);
  return (
    <p className="patient-count" aria-live="polite">
      {count === undefined ? '' : t('history.count', { count })}
    </p>
  );
}
