import {
  type AdminClinic,
  type AdminDoctor,
  type ClosedDate,
  type ClosedDateCreated,
  type ClosedDateInput,
  closedDateInputSchema,
} from '@portal/contract';
import { Column } from 'primereact/column';
import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  useAddClosedDate,
  useAdminClinics,
  useAdminDoctors,
  useClosedDates,
  useClosingBookings,
  useDeleteClosedDate,
} from '../../api/clinicAdmin';
import { FormDialog, numberOrNull } from '../../components/FormDialog';
import { actionsColumn, dateColumn, DeskTable } from '../../components/DeskTable';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useConfirm } from '../../components/useConfirm';
import { type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { formatDate, hospitalDate } from '../../i18n/format';
import i18n from '../../i18n';
import { jadwalPoliNs } from './i18n';
import { ReferenceHead } from './ReferenceHead';

const scopes = ['hospital', 'clinic', 'doctor'] as const;

/** Holidays, closed clinics and doctors' leave from today on: added and deleted, not changed. */
export function ClosedDatesTab({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(jadwalPoliNs);
  const headingId = useId();
  const closedDates = useClosedDates();
  const clinics = useAdminClinics();
  const doctors = useAdminDoctors();
  const remove = useDeleteClosedDate();
  const [adding, setAdding] = useState(false);
  const confirm = useConfirm();

  const scopeOf = (closed: ClosedDate) => {
    if (closed.doctorId !== null) {
      const name = doctors.data?.find((doctor) => doctor.id === closed.doctorId)?.name;
      return t('closedDates.doctor', { name: name ?? t('none') });
    }
    if (closed.clinicId !== null) {
      return clinics.data?.find((clinic) => clinic.id === closed.clinicId)?.name ?? t('none');
    }
    return t('closedDates.hospital');
  };

  return (
    <section aria-labelledby={headingId}>
      <ReferenceHead
        headingId={headingId}
        title={t('closedDates.title')}
        addLabel={t('closedDates.add')}
        onAdd={() => setAdding(true)}
      />
      <p className="form-help">{t('closedDates.help')}</p>
      <DeskTable labelledBy={headingId} query={closedDates} emptyMessage={t('closedDates.empty')}>
        {dateColumn(t('closedDates.columns.date'), (closed: ClosedDate) => closed.date)}
        <Column header={t('closedDates.columns.scope')} body={scopeOf} />
        <Column field="reason" header={t('closedDates.columns.reason')} />
        {actionsColumn(t('closedDates.columns.actions'), (closed: ClosedDate) => [
          {
            severity: 'danger',
            icon: 'pi pi-trash',
            label: t('closedDates.delete'),
            'aria-label': t('closedDates.deleteLabel', {
              reason: closed.reason,
              date: formatDate(closed.date),
            }),
            onClick: () =>
              confirm.ask({
                header: t('closedDates.confirm.title'),
                message: t('closedDates.confirm.message', {
                  reason: closed.reason,
                  date: formatDate(closed.date),
                }),
                acceptLabel: t('closedDates.confirm.accept'),
                danger: true,
                accept: () =>
                  remove.mutate(closed.id, {
                    onSuccess: () =>
                      onDone(
                        t('done.closedDateDeleted', { date: formatDate(closed.date), reason: closed.reason }),
                      ),
                  }),
              }),
          },
        ])}
      </DeskTable>
      {adding && (
        <ClosedDateDialog
          clinics={clinics.data ?? []}
          doctors={doctors.data ?? []}
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            const closed = { date: formatDate(saved.date), reason: saved.reason, count: saved.cancelled };
            onDone(t(saved.cancelled ? 'done.closedDateCancelled' : 'done.closedDateAdded', closed));
          }}
        />
      )}
      {confirm.dialog}
    </section>
  );
}

// Who the day is closed for is one choice; the clinic or doctor it needs is asked only for that choice.
const closedDateFormSchema = closedDateInputSchema
  .extend({ scope: z.enum(scopes) })
  .superRefine((form, ctx) => {
    if (form.scope === 'clinic' && form.clinicId === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['clinicId'],
        message: i18n.t('jadwalPoli:closedDates.form.clinicRequired'),
      });
    }
    if (form.scope === 'doctor' && form.doctorId === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['doctorId'],
        message: i18n.t('jadwalPoli:closedDates.form.doctorRequired'),
      });
    }
  });
const fieldNames = ['date', 'clinicId', 'doctorId', 'reason'] as const;

function ClosedDateDialog({
  clinics,
  doctors,
  onClose,
  onSaved,
}: SaveDialogProps<ClosedDateCreated> & {
  clinics: readonly AdminClinic[];
  doctors: readonly AdminDoctor[];
}) {
  const { t } = useTranslation(jadwalPoliNs, { keyPrefix: 'closedDates.form' });
  const add = useAddClosedDate();
  const closing = useClosingBookings();
  // The close cancels the day's waiting bookings: asked first, with their number.
  const confirm = useConfirm();
  const form = useDialogForm({
    schema: closedDateFormSchema,
    defaultValues: { date: '', scope: 'hospital', clinicId: null, doctorId: null, reason: '' },
    fieldNames,
    saving: closing.isPending || add.isPending,
    mutate: ({ scope: chosen, date, clinicId, doctorId, reason }, callbacks) => {
      const input: ClosedDateInput = {
        date,
        clinicId: chosen === 'clinic' ? clinicId : null,
        doctorId: chosen === 'doctor' ? doctorId : null,
        reason,
      };
      closing.mutate(input, {
        onSuccess: ({ bookings }) =>
          confirm.ask({
            header: t('confirm.title'),
            message: t(bookings ? 'confirm.bookings' : 'confirm.none', {
              date: formatDate(input.date),
              scope: scopeOf(input),
              count: bookings,
            }),
            acceptLabel: t(bookings ? 'confirm.acceptCancel' : 'confirm.accept'),
            rejectLabel: t('confirm.back'),
            danger: bookings > 0,
            accept: () => add.mutate(input, callbacks),
          }),
        onError: callbacks.onError,
      });
    },
    onSaved,
  });
  const scope = useWatch({ control: form.control, name: 'scope' });
  const clinicName = (id: number) => clinics.find((clinic) => clinic.id === id)?.name;
  const scopeOf = ({ clinicId, doctorId }: ClosedDateInput) =>
    doctorId !== null
      ? (doctors.find((doctor) => doctor.id === doctorId)?.name ?? '')
      : clinicId !== null
        ? (clinicName(clinicId) ?? '')
        : t('scopes.hospital');

  return (
    <FormDialog title={t('title')} onClose={onClose} {...form.dialog}>
      {confirm.dialog}
      <TextField field={form.field('date')} label={t('date')} type="date" min={hospitalDate(new Date())} />
      <fieldset className="form-choices">
        <legend>{t('scope')}</legend>
        {scopes.map((value) => (
          <label key={value} className="form-choice">
            <input type="radio" value={value} {...form.register('scope')} />
            {t(`scopes.${value}`)}
          </label>
        ))}
      </fieldset>
      {scope === 'clinic' && (
        <SelectField field={form.field('clinicId')} label={t('clinic')} setValueAs={numberOrNull}>
          <option value="">{t('chooseClinic')}</option>
          {clinics
            .filter((clinic) => clinic.active)
            .map((clinic) => (
              <option key={clinic.id} value={clinic.id}>
                {clinic.name}
              </option>
            ))}
        </SelectField>
      )}
      {scope === 'doctor' && (
        <SelectField field={form.field('doctorId')} label={t('doctor')} setValueAs={numberOrNull}>
          <option value="">{t('chooseDoctor')}</option>
          {doctors
            .filter((doctor) => doctor.active)
            .map((doctor) => (
              <option key={doctor.id} value={doctor.id}>
                {[doctor.name, clinicName(doctor.clinicId)].filter(Boolean).join(' — ')}
              </option>
            ))}
        </SelectField>
      )}
      <TextField field={form.field('reason')} label={t('reason')} help={t('reasonHelp')} />
    </FormDialog>
  );
}
