import { zodResolver } from '@hookform/resolvers/zod';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  calendarDateSchema,
  historyRangeProblem,
  type InpatientVisit,
  type OutpatientVisit,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { type ReactNode, useId, useState } from 'react';
import { type FieldError, useForm, type UseFormRegisterReturn } from 'react-hook-form';
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
import { dateColumn, dateTimeColumn, DeskTable } from '../../components/DeskTable';
import { described, inputClass } from '../../components/formControls';
import { FormField } from '../../components/FormField';
import { hospitalDate } from '../../i18n/format';
import { staysNs } from '../../i18n/stays';
import { VisitLink } from './VisitLink';
import { pasienNs } from './i18n';

const PAGE_SIZE = 20;

/** The same day a year earlier (28 February for a 29th). */
export function yearBefore(date: string): string {
  const previous = `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
  return previous.endsWith('-02-29') ? previous.replace(/-29$/, '-28') : previous;
}

function defaultRange() {
  const to = hospitalDate(new Date());
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

/** The filter form of a history: the date range both have, then the history's own filters. */
function HistoryFilters({
  formId,
  onSubmit,
  register,
  errors,
  children,
}: {
  formId: string;
  onSubmit: () => void;
  register: (name: 'from' | 'to') => UseFormRegisterReturn;
  errors: Partial<Record<'from' | 'to', FieldError>>;
  children: ReactNode;
}) {
  const { t } = useTranslation(pasienNs);
  return (
    <form id={formId} className="patient-filters" onSubmit={onSubmit} noValidate>
      {(['from', 'to'] as const).map((name) => {
        const id = `${formId}-${name}`;
        return (
          <FormField key={name} id={id} label={t(`history.${name}`)} error={errors[name]?.message}>
            <input
              id={id}
              type="date"
              className={inputClass(errors[name])}
              {...described(id, errors[name])}
              {...register(name)}
            />
          </FormField>
        );
      })}
      {children}
      <Button type="submit" icon="pi pi-filter" label={t('history.show')} className="patient-search-submit" />
    </form>
  );
}

/** A history's count and table: paged, labelled, and "loading" rather than empty until the first answer. */
function HistoryTable<T extends { registrationNo: string }>({
  history,
  label,
  emptyMessage,
  rowClassName,
  children,
}: {
  history: UseQueryResult<T[]>;
  label: string;
  emptyMessage: string;
  rowClassName?: (row: T) => Record<string, boolean>;
  children: ReactNode;
}) {
  return (
    <>
      <HistoryCount count={history.data?.length} />
      <DeskTable
        label={label}
        query={history}
        dataKey="registrationNo"
        pageSize={PAGE_SIZE}
        emptyMessage={emptyMessage}
        rowClassName={rowClassName}
      >
        {children}
      </DeskTable>
    </>
  );
}

interface HistoryProps {
  /** The patient. */
  id: number;
  onOpen: (registrationNo: string) => void;
}

/** Outpatient visits by date range, clinic and vaccination; cancelled (BATAL) visits only when asked. */
export function OutpatientHistory({ id, onOpen }: HistoryProps) {
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
      <HistoryFilters
        formId={formId}
        register={register}
        errors={errors}
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
      </HistoryFilters>
      <HistoryTable
        history={visits}
        label={t('visits.kinds.outpatient')}
        emptyMessage={t('history.emptyOutpatient')}
        rowClassName={(visit: OutpatientVisit) => ({ 'patient-visit-cancelled': visit.cancelled })}
      >
        {dateColumn(t('visits.columns.date'), (visit: OutpatientVisit) => visit.date)}
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
      </HistoryTable>
    </>
  );
}

/** Inpatient stays by admission date, optionally of one room. */
export function InpatientHistory({ id, onOpen }: HistoryProps) {
  const { t } = useTranslation([pasienNs, staysNs, 'translation']);
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
      <HistoryFilters
        formId={formId}
        register={register}
        errors={errors}
        onSubmit={handleSubmit((form) =>
          setFilter({ from: form.from, to: form.to, roomCode: form.roomCode }),
        )}
      >
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
      </HistoryFilters>
      <HistoryTable
        history={stays}
        label={t('visits.kinds.inpatient')}
        emptyMessage={t('history.emptyInpatient')}
      >
        <Column
          header={t('visits.columns.registrationNo')}
          body={(stay: InpatientVisit) => <VisitLink registrationNo={stay.registrationNo} onOpen={onOpen} />}
        />
        <Column header={t('visits.columns.room')} body={(stay: InpatientVisit) => stay.room.name} />
        {dateTimeColumn(t('visits.columns.admittedAt'), (stay: InpatientVisit) => stay.admittedAt)}
        {dateTimeColumn(
          t('visits.columns.dischargedAt'),
          (stay: InpatientVisit) => stay.dischargedAt,
          t('visits.status.admitted'),
        )}
        <Column
          header={t('visits.columns.bed')}
          body={(stay: InpatientVisit) => (stay.bed === null ? t('none') : stay.bed)}
        />
        <Column
          header={t('visits.columns.dpjp')}
          body={(stay: InpatientVisit) => stay.dpjp?.name ?? t('none')}
        />
        <Column
          header={t('visits.columns.dischargeReason')}
          body={(stay: InpatientVisit) =>
            [
              stay.dischargeReason && t(`${staysNs}:dischargeReasons.${stay.dischargeReason}`),
              stay.dischargeNote,
            ]
              .filter(Boolean)
              .join(' — ') || t('none')
          }
        />
      </HistoryTable>
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
