import {
  type AdminClinic,
  type AdminDoctor,
  type AdminSchedule,
  scheduleInputSchema,
} from '@portal/contract';
import { DEFAULT_MINUTES_PER_PATIENT, weekdays } from '@portal/contract/constants';
import { Column } from 'primereact/column';
import { InputText } from 'primereact/inputtext';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { useAdminClinics, useAdminDoctors, useAdminSchedules, useSaveSchedule } from '../../api/clinicAdmin';
import { useSimrsLinked } from '../../api/system';
import { described, FormDialog, numberOrUndefined } from '../../components/FormDialog';
import { DeskTable } from '../../components/DeskTable';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { SimrsOwnedNote } from '../../components/SimrsOwnedNote';
import { TextField } from '../../components/TextField';
import { type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { formatClock } from '../../i18n/format';
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

/**
 * The weekly schedules of one clinic (chosen in the URL, ?poli=, as on the queue desk); in linked mode the
 * SIMRS's, shown only.
 */
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
  const editing = useEditing<AdminSchedule>(onDone);
  const linked = useSimrsLinked();

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
        onAdd={clinic && !linked ? editing.add : undefined}
      />
      {linked && <SimrsOwnedNote what={t('simrsOwned.schedules')} />}
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
              t('schedules.hours', {
                start: formatClock(hhmm(schedule.start)),
                end: formatClock(hhmm(schedule.end)),
              })
            }
          />
          <Column field="quotaJkn" header={t('schedules.columns.quotaJkn')} />
          <Column field="quotaNonJkn" header={t('schedules.columns.quotaNonJkn')} />
          <Column field="minutesPerPatient" header={t('schedules.columns.minutesPerPatient')} />
          {activeColumn(t('schedules.columns.active'))}
          {!linked &&
            editColumn(
              t('schedules.columns.actions'),
              (schedule: AdminSchedule) =>
                t('schedules.editLabel', {
                  doctor: schedule.doctorName,
                  day: weekdayName(schedule.weekday),
                  start: formatClock(hhmm(schedule.start)),
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
          onSaved={(saved) =>
            editing.done(
              t('done.scheduleSaved', { doctor: saved.doctorName, day: weekdayName(saved.weekday) }),
            )
          }
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
}: SaveDialogProps<AdminSchedule> & {
  /** The clinic the tab shows; a schedule stays with its clinic. */
  clinic: AdminClinic;
  schedule: AdminSchedule | null;
  doctors: readonly AdminDoctor[];
}) {
  const { t } = useTranslation(jadwalPoliNs, { keyPrefix: 'schedules.form' });
  const weekdayName = useWeekdayName();
  const save = useSaveSchedule();
  const form = useDialogForm({
    schema: scheduleInputSchema,
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
    fieldNames,
    saving: save.isPending,
    mutate: (input, callbacks) => save.mutate({ id: schedule?.id ?? null, input }, callbacks),
    onSaved,
  });

  const clinicField = form.field('clinicId');
  // The clinic's active doctors, and the schedule's own doctor even if no longer active.
  const offered = doctors.filter(
    (doctor) => (doctor.clinicId === clinic.id && doctor.active) || doctor.id === schedule?.doctorId,
  );
  const numberField = (name: 'quotaJkn' | 'quotaNonJkn' | 'minutesPerPatient', help?: string) => (
    <TextField
      field={form.field(name)}
      label={t(name)}
      help={help}
      type="number"
      min={0}
      inputMode="numeric"
    />
  );

  return (
    <FormDialog title={schedule ? t('editTitle') : t('newTitle')} onClose={onClose} {...form.dialog}>
      <FormField id={clinicField.id} label={t('clinic')} error={clinicField.error?.message}>
        <InputText
          id={clinicField.id}
          value={clinic.name}
          readOnly
          invalid={clinicField.error !== undefined}
          {...described(clinicField.id, clinicField.error)}
        />
      </FormField>
      <SelectField
        field={form.field('doctorId')}
        label={t('doctor')}
        help={t('doctorHelp')}
        setValueAs={numberOrUndefined}
      >
        <option value="">{t('chooseDoctor')}</option>
        {offered.map((doctor) => (
          <option key={doctor.id} value={doctor.id}>
            {doctor.name}
          </option>
        ))}
      </SelectField>
      <SelectField field={form.field('weekday')} label={t('weekday')} setValueAs={numberOrUndefined}>
        <option value="">{t('chooseWeekday')}</option>
        {weekdays.map((weekday) => (
          <option key={weekday} value={weekday}>
            {weekdayName(weekday)}
          </option>
        ))}
      </SelectField>
      <div className="reference-times">
        <TextField field={form.field('start')} label={t('start')} type="time" />
        <TextField field={form.field('end')} label={t('end')} type="time" />
      </div>
      <div className="reference-times">
        {numberField('quotaJkn')}
        {numberField('quotaNonJkn')}
      </div>
      {numberField('minutesPerPatient', t('minutesPerPatientHelp'))}
      <label className="form-choice">
        <input type="checkbox" {...form.register('active')} />
        {t('active')}
      </label>
    </FormDialog>
  );
}
