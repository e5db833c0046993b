import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminClinic,
  type AdminDoctor,
  type ClosedDate,
  type ClosedDateInput,
  closedDateInputSchema,
} from '@portal/contract';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { InputText } from 'primereact/inputtext';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  useAddClosedDate,
  useAdminClinics,
  useAdminDoctors,
  useClosedDates,
  useDeleteClosedDate,
} from '../../api/clinicAdmin';
import { described, FormDialog, inputClass, numberOrNull } from '../../components/FormDialog';
import { DeskTable } from '../../components/DeskTable';
import { FormField } from '../../components/FormField';
import { applyServerErrors } from '../../components/serverErrors';
import { formatDate, jakartaDate } from '../../i18n/format';
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
  const [deleting, setDeleting] = useState<ClosedDate | null>(null);

  const scopeOf = (closed: ClosedDate) => {
    if (closed.doctorId !== null) {
      const name = doctors.data?.find((doctor) => doctor.id === closed.doctorId)?.name;
      return t('closedDates.doctor', { name: name ?? t('none') });
    }
    if (closed.clinicId !== null) {
      const name = clinics.data?.find((clinic) => clinic.id === closed.clinicId)?.name;
      return t('closedDates.clinic', { name: name ?? t('none') });
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
        <Column
          header={t('closedDates.columns.date')}
          body={(closed: ClosedDate) => <time dateTime={closed.date}>{formatDate(closed.date)}</time>}
        />
        <Column header={t('closedDates.columns.scope')} body={scopeOf} />
        <Column field="reason" header={t('closedDates.columns.reason')} />
        <Column
          header={t('closedDates.columns.actions')}
          bodyClassName="reference-actions"
          body={(closed: ClosedDate) => (
            <Button
              type="button"
              size="small"
              outlined
              severity="danger"
              icon="pi pi-trash"
              label={t('closedDates.delete')}
              aria-label={t('closedDates.deleteLabel', {
                reason: closed.reason,
                date: formatDate(closed.date),
              })}
              onClick={() => setDeleting(closed)}
            />
          )}
        />
      </DeskTable>
      {adding && (
        <ClosedDateDialog
          clinics={clinics.data ?? []}
          doctors={doctors.data ?? []}
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            onDone(t('done.closedDateAdded', { date: formatDate(saved.date), reason: saved.reason }));
          }}
        />
      )}
      <ConfirmDialog
        visible={deleting !== null}
        onHide={() => setDeleting(null)}
        header={t('closedDates.confirm.title')}
        icon="pi pi-exclamation-triangle"
        message={
          deleting
            ? t('closedDates.confirm.message', { reason: deleting.reason, date: formatDate(deleting.date) })
            : ''
        }
        acceptLabel={t('closedDates.confirm.accept')}
        rejectLabel={t('cancel')}
        acceptClassName="p-button-danger"
        accept={() => {
          if (!deleting) return;
          const { id, date, reason } = deleting;
          remove.mutate(id, {
            onSuccess: () => onDone(t('done.closedDateDeleted', { date: formatDate(date), reason })),
          });
        }}
      />
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
type ClosedDateForm = z.input<typeof closedDateFormSchema>;
const fieldNames = ['date', 'clinicId', 'doctorId', 'reason'] as const;

function ClosedDateDialog({
  clinics,
  doctors,
  onClose,
  onSaved,
}: {
  clinics: readonly AdminClinic[];
  doctors: readonly AdminDoctor[];
  onClose: () => void;
  onSaved: (closed: ClosedDate) => void;
}) {
  const { t } = useTranslation(jadwalPoliNs);
  const formId = useId();
  const add = useAddClosedDate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<ClosedDateForm, unknown, z.output<typeof closedDateFormSchema>>({
    resolver: zodResolver(closedDateFormSchema),
    defaultValues: { date: '', scope: 'hospital', clinicId: null, doctorId: null, reason: '' },
  });
  const scope = useWatch({ control, name: 'scope' });
  const clinicName = (id: number) => clinics.find((clinic) => clinic.id === id)?.name;

  const submit = handleSubmit(({ scope: chosen, date, clinicId, doctorId, reason }) => {
    setFormError(null);
    const input: ClosedDateInput = {
      date,
      clinicId: chosen === 'clinic' ? clinicId : null,
      doctorId: chosen === 'doctor' ? doctorId : null,
      reason,
    };
    add.mutate(input, {
      onSuccess: onSaved,
      onError: (error) => setFormError(applyServerErrors(error, fieldNames, setError)),
    });
  });

  const id = (name: (typeof fieldNames)[number]) => `${formId}-${name}`;

  return (
    <FormDialog
      title={t('closedDates.form.title')}
      formId={formId}
      formError={formError}
      saving={add.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <FormField id={id('date')} label={t('closedDates.form.date')} error={errors.date?.message}>
        <input
          id={id('date')}
          type="date"
          min={jakartaDate(new Date())}
          className={inputClass(errors.date)}
          {...described(id('date'), errors.date)}
          {...register('date')}
        />
      </FormField>
      <fieldset className="form-choices">
        <legend>{t('closedDates.form.scope')}</legend>
        {scopes.map((value) => (
          <label key={value} className="form-choice">
            <input type="radio" value={value} {...register('scope')} />
            {t(`closedDates.form.scopes.${value}`)}
          </label>
        ))}
      </fieldset>
      {scope === 'clinic' && (
        <FormField id={id('clinicId')} label={t('closedDates.form.clinic')} error={errors.clinicId?.message}>
          <select
            id={id('clinicId')}
            className={inputClass(errors.clinicId)}
            {...described(id('clinicId'), errors.clinicId)}
            {...register('clinicId', { setValueAs: numberOrNull })}
          >
            <option value="">{t('closedDates.form.chooseClinic')}</option>
            {clinics
              .filter((clinic) => clinic.active)
              .map((clinic) => (
                <option key={clinic.id} value={clinic.id}>
                  {clinic.name}
                </option>
              ))}
          </select>
        </FormField>
      )}
      {scope === 'doctor' && (
        <FormField id={id('doctorId')} label={t('closedDates.form.doctor')} error={errors.doctorId?.message}>
          <select
            id={id('doctorId')}
            className={inputClass(errors.doctorId)}
            {...described(id('doctorId'), errors.doctorId)}
            {...register('doctorId', { setValueAs: numberOrNull })}
          >
            <option value="">{t('closedDates.form.chooseDoctor')}</option>
            {doctors
              .filter((doctor) => doctor.active)
              .map((doctor) => (
                <option key={doctor.id} value={doctor.id}>
                  {[doctor.name, clinicName(doctor.clinicId)].filter(Boolean).join(' — ')}
                </option>
              ))}
          </select>
        </FormField>
      )}
      <FormField
        id={id('reason')}
        label={t('closedDates.form.reason')}
        help={t('closedDates.form.reasonHelp')}
        error={errors.reason?.message}
      >
        <InputText
          id={id('reason')}
          invalid={errors.reason !== undefined}
          {...described(id('reason'), errors.reason, true)}
          {...register('reason')}
        />
      </FormField>
    </FormDialog>
  );
}
