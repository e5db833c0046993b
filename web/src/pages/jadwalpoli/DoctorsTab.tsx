import { type AdminClinic, type AdminDoctor, doctorInputSchema } from '@portal/contract';
import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { useAdminClinics, useAdminDoctors, useSaveDoctor } from '../../api/clinicAdmin';
import { FormDialog, numberOrUndefined } from '../../components/FormDialog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { BpjsCodeField } from './BpjsCodeField';
import { jadwalPoliNs } from './i18n';
import { ReferenceList, useEditing } from './ReferenceHead';

const PAGE_SIZE = 20;

export function DoctorsTab({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(jadwalPoliNs);
  const doctors = useAdminDoctors();
  const clinics = useAdminClinics();
  const clinicName = (id: number) => clinics.data?.find((clinic) => clinic.id === id)?.name ?? t('none');
  const editing = useEditing<AdminDoctor>(onDone);

  return (
    <>
      <ReferenceList list="doctors" query={doctors} editing={editing} pageSize={PAGE_SIZE}>
        <Column field="name" header={t('doctors.columns.name')} />
        <Column
          header={t('doctors.columns.bpjsCode')}
          body={(doctor: AdminDoctor) => doctor.bpjsCode ?? t('none')}
        />
        <Column
          header={t('doctors.columns.clinic')}
          body={(doctor: AdminDoctor) => clinicName(doctor.clinicId)}
        />
      </ReferenceList>
      {editing.open && (
        <DoctorDialog
          key={editing.key}
          doctor={editing.row}
          clinics={clinics.data ?? []}
          onClose={editing.close}
          onSaved={(saved) => editing.done(t('done.doctorSaved', { name: saved.name }))}
        />
      )}
    </>
  );
}

const fieldNames = ['name', 'bpjsCode', 'clinicId'] as const;

function DoctorDialog({
  doctor,
  clinics,
  onClose,
  onSaved,
}: SaveDialogProps<AdminDoctor> & { doctor: AdminDoctor | null; clinics: readonly AdminClinic[] }) {
  const { t } = useTranslation(jadwalPoliNs, { keyPrefix: 'doctors.form' });
  const save = useSaveDoctor();
  const form = useDialogForm({
    schema: doctorInputSchema,
    defaultValues: doctor
      ? { name: doctor.name, bpjsCode: doctor.bpjsCode, clinicId: doctor.clinicId, active: doctor.active }
      : { name: '', bpjsCode: null, active: true },
    fieldNames,
    // A BPJS code already given to another doctor is told next to the code.
    fieldByErrorCode: { DUPLICATE: 'bpjsCode' },
    saving: save.isPending,
    mutate: (input, callbacks) => save.mutate({ id: doctor?.id ?? null, input }, callbacks),
    onSaved,
  });

  // Inactive clinics are offered only to a doctor who is in one already.
  const offered = clinics.filter((clinic) => clinic.active || clinic.id === doctor?.clinicId);

  return (
    <FormDialog
      title={doctor ? t('editTitle', { name: doctor.name }) : t('newTitle')}
      onClose={onClose}
      {...form.dialog}
    >
      <TextField field={form.field('name')} label={t('name')} />
      <BpjsCodeField field={form.field('bpjsCode')} list="doctors" />
      <SelectField field={form.field('clinicId')} label={t('clinic')} setValueAs={numberOrUndefined}>
        <option value="">{t('chooseClinic')}</option>
        {offered.map((clinic) => (
          <option key={clinic.id} value={clinic.id}>
            {clinic.name}
          </option>
        ))}
      </SelectField>
      <label className="form-choice">
        <input type="checkbox" {...form.register('active')} />
        {t('active')}
      </label>
    </FormDialog>
  );
}
