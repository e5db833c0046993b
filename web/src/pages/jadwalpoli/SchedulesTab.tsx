import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminClinic,
  type AdminDoctor,
  type AdminSchedule,
  type ScheduleInput,
  scheduleInputSchema,
} from '@portal/contract';
import { DEFAULT_MINUTES_PER_PATIENT, weekdays } from '@portal/contract/constants';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useAdminClinics, useAdminDoctors, useAdminSchedules, useSaveSchedule } from '../../api/clinicAdmin';
import { described, FormDialog, inputClass, numberOrUndefined } from '../../components/FormDialog';
import { DeskTable } from '../../components/DeskTable';
import { FormField } from '../../components/FormField';
import { applyServerErrors } from '../../components/serverErrors';
import { jadwalPoliNs } from './i18n';
import { activeColumn, editColumn, ReferenceHead, useEditing } from './ReferenceHead';

function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/** "08:00" from a time the database may give with seconds. */
const hhmm = (time: string) => time.slice(0, 5);

function useWeekdayName() {
  const { t } = useTranslation(jadwalPoliNs);
  return (weekday: number) => t(`weekdays.${weekday as (typeof weekdays)[number]}`);
}

/** The weekly schedules of one clinic (chosen in the URL, ?poli=, as on the queue desk). */
export function SchedulesTab({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(jadwalPoliNs);
  const ids = { heading: useId(), clinic: useId() };
  const weekdayName = useWeekdayName();
  const [params, setParams] = useSearchParams();
  const clinics = useAdminClinics();
  const doctors = useAdminDoctors();
  const clinicId = positiveInt(params.get('poli'));
  const clinic = clinics.data?.find((candidate) => candidate.id === clinicId) ?? null;
  const schedules = useAdminSchedules(clinicId);
  const sorted = [...(schedules.data ?? [])].sort(
    (a, b) => a.weekday - b.weekday || a.start.localeCompare(b.start),
  );
  const editing = useEditing<AdminSchedule>();

  const chooseClinic = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set('poli', value);
      else next.delete('poli');
      return next;
    });

  return (
    <section aria-labelledby={ids.heading}>
      <ReferenceHead
        headingId={ids.heading}
        title={t('schedules.title')}
        addLabel={t('schedules.add')}
        onAdd={clinic ? editing.add : undefined}
      />
      <div className="reference-filter">
        <FormField id={ids.clinic} label={t('schedules.clinic')}>
          <select
            id={ids.clinic}
            className="p-inputtext p-component"
            value={clinicId ?? ''}
            onChange={(event) => chooseClinic(event.target.value)}
          >
            <option value="">{t('schedules.chooseClinic')}</option>
            {clinics.data?.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      {clinicId === null ? (
        <p>{t('schedules.chooseClinicHint')}</p>
      ) : (
        <DeskTable
          labelledBy={ids.heading}
          rows={sorted}
          query={schedules}
          emptyMessage={t('schedules.empty')}
        >
          <Column
            header={t('schedules.columns.weekday')}
            body={(schedule: AdminSchedule) => weekdayName(schedule.weekday)}
          />
          <Column field="doctorName" header={t('schedules.columns.doctor')} />
          <Column
            header={t('schedules.columns.hours')}
            body={(schedule: AdminSchedule) =>
              t('schedules.hours', { start: hhmm(schedule.start), end: hhmm(schedule.end) })
            }
          />
          <Column field="quotaJkn" header={t('schedules.columns.quotaJkn')} />
          <Column field="quotaNonJkn" header={t('schedules.columns.quotaNonJkn')} />
          <Column field="minutesPerPatient" header={t('schedules.columns.minutesPerPatient')} />
          {activeColumn(t('schedules.columns.active'))}
          {editColumn(
            t('schedules.columns.actions'),
            (schedule: AdminSchedule) =>
              t('schedules.editLabel', {
                doctor: schedule.doctorName,
                day: weekdayName(schedule.weekday),
                start: hhmm(schedule.start),
              }),
            editing.edit,
          )}
        </DeskTable>
      )}
      {editing.open && clinic && (
        <ScheduleDialog
          key={editing.key}
          clinic={clinic}
          schedule={editing.row}
          doctors={doctors.data ?? []}
          onClose={editing.close}
          onSaved={(saved) => {
            editing.close();
            onDone(t('done.scheduleSaved', { doctor: saved.doctorName, day: weekdayName(saved.weekday) }));
          }}
        />
      )}
    </section>
  );
}

type ScheduleForm = z.input<typeof scheduleInputSchema>;
const fieldNames = [
  'clinicId',
  'doctorId',
  'weekday',
  'start',
  'end',
  'quotaJkn',
  'quotaNonJkn',
  'minutesPerPatient',
] as const;

function ScheduleDialog({
  clinic,
  schedule,
  doctors,
  onClose,
  onSaved,
}: {
  /** The clinic the tab shows; a schedule stays with its clinic. */
  clinic: AdminClinic;
  schedule: AdminSchedule | null;
  doctors: readonly AdminDoctor[];
  onClose: () => void;
  onSaved: (schedule: AdminSchedule) => void;
}) {
  const { t } = useTranslation(jadwalPoliNs);
  const formId = useId();
  const weekdayName = useWeekdayName();
  const save = useSaveSchedule();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ScheduleForm, unknown, ScheduleInput>({
    resolver: zodResolver(scheduleInputSchema),
    defaultValues: schedule
      ? {
          clinicId: schedule.clinicId,
          doctorId: schedule.doctorId,
          weekday: schedule.weekday as ScheduleForm['weekday'],
          start: hhmm(schedule.start),
          end: hhmm(schedule.end),
          quotaJkn: schedule.quotaJkn,
          quotaNonJkn: schedule.quotaNonJkn,
          minutesPerPatient: schedule.minutesPerPatient,
          active: schedule.active,
        }
      : {
          clinicId: clinic.id,
          start: '',
          end: '',
          minutesPerPatient: DEFAULT_MINUTES_PER_PATIENT,
          active: true,
        },
  });

  const submit = handleSubmit((input) => {
    setFormError(null);
    save.mutate(
      { id: schedule?.id ?? null, input },
      {
        onSuccess: onSaved,
        onError: (error) => setFormError(applyServerErrors(error, fieldNames, setError)),
      },
    );
  });

  const id = (name: (typeof fieldNames)[number]) => `${formId}-${name}`;
  // The clinic's active doctors, and the schedule's own doctor even if no longer active.
  const offered = doctors.filter(
    (doctor) => (doctor.clinicId === clinic.id && doctor.active) || doctor.id === schedule?.doctorId,
  );
  const numberField = (name: 'quotaJkn' | 'quotaNonJkn' | 'minutesPerPatient', help?: string) => (
    <FormField id={id(name)} label={t(`schedules.form.${name}`)} help={help} error={errors[name]?.message}>
      <InputText
        id={id(name)}
        type="number"
        min={0}
        inputMode="numeric"
        invalid={errors[name] !== undefined}
        {...described(id(name), errors[name], help !== undefined)}
        {...register(name, { valueAsNumber: true })}
      />
    </FormField>
  );

  return (
    <FormDialog
      title={schedule ? t('schedules.form.editTitle') : t('schedules.form.newTitle')}
      formId={formId}
      formError={formError}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField id={id('clinicId')} label={t('schedules.form.clinic')} error={errors.clinicId?.message}>
        <InputText
          id={id('clinicId')}
          value={clinic.name}
          readOnly
          invalid={errors.clinicId !== undefined}
          {...described(id('clinicId'), errors.clinicId)}
        />
      </FormField>
      <FormField
        id={id('doctorId')}
        label={t('schedules.form.doctor')}
        help={t('schedules.form.doctorHelp')}
        error={errors.doctorId?.message}
      >
        <select
          id={id('doctorId')}
          className={inputClass(errors.doctorId)}
          {...described(id('doctorId'), errors.doctorId, true)}
          {...register('doctorId', { setValueAs: numberOrUndefined })}
        >
          <option value="">{t('schedules.form.chooseDoctor')}</option>
          {offered.map((doctor) => (
            <option key={doctor.id} value={doctor.id}>
              {doctor.name}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={id('weekday')} label={t('schedules.form.weekday')} error={errors.weekday?.message}>
        <select
          id={id('weekday')}
          className={inputClass(errors.weekday)}
          {...described(id('weekday'), errors.weekday)}
          {...register('weekday', { setValueAs: numberOrUndefined })}
        >
          <option value="">{t('schedules.form.chooseWeekday')}</option>
          {weekdays.map((weekday) => (
            <option key={weekday} value={weekday}>
              {weekdayName(weekday)}
            </option>
          ))}
        </select>
      </FormField>
      <div className="reference-times">
        {(['start', 'end'] as const).map((name) => (
          <FormField
            key={name}
            id={id(name)}
            label={t(`schedules.form.${name}`)}
            error={errors[name]?.message}
          >
            <input
              id={id(name)}
              type="time"
              className={inputClass(errors[name])}
              {...described(id(name), errors[name])}
              {...register(name)}
            />
          </FormField>
        ))}
      </div>
      <div className="reference-times">
        {numberField('quotaJkn')}
        {numberField('quotaNonJkn')}
      </div>
      {numberField('minutesPerPatient', t('schedules.form.minutesPerPatientHelp'))}
      <label className="form-choice">
        <input type="checkbox" {...register('active')} />
        {t('schedules.form.active')}
      </label>
    </FormDialog>
  );
}
