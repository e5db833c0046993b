import { type AdminClinic, clinicInputSchema } from '@portal/contract';
import { Column } from 'primereact/column';
import { useTranslation } from 'react-i18next';
import { useAdminClinics, useSaveClinic } from '../../api/clinicAdmin';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { BpjsCodeField } from './BpjsCodeField';
import { jadwalPoliNs } from './i18n';
import { ReferenceList, useEditing } from './ReferenceHead';

export function ClinicsTab({ onDone }: { onDone: (message: string) => void }) {
  const { t } = useTranslation(jadwalPoliNs);
  const clinics = useAdminClinics();
  const editing = useEditing<AdminClinic>(onDone);

  return (
    <>
      <ReferenceList list="clinics" query={clinics} editing={editing}>
        <Column field="code" header={t('clinics.columns.code')} />
        <Column field="name" header={t('clinics.columns.name')} />
        <Column
          header={t('clinics.columns.bpjsCode')}
          body={(clinic: AdminClinic) => clinic.bpjsCode ?? t('none')}
        />
        <Column field="queuePrefix" header={t('clinics.columns.queuePrefix')} />
      </ReferenceList>
      {editing.open && (
        <ClinicDialog
          key={editing.key}
          clinic={editing.row}
          onClose={editing.close}
          onSaved={(saved) => editing.done(t('done.clinicSaved', { name: saved.name }))}
        />
      )}
    </>
  );
}

const fieldNames = ['code', 'name', 'bpjsCode', 'queuePrefix', 'notifyAhead'] as const;

const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

function ClinicDialog({
  clinic,
  onClose,
  onSaved,
}: SaveDialogProps<AdminClinic> & { clinic: AdminClinic | null }) {
  const { t } = useTranslation(jadwalPoliNs, { keyPrefix: 'clinics.form' });
  const save = useSaveClinic();
  const form = useDialogForm({
    schema: clinicInputSchema,
    defaultValues: clinic
      ? {
          code: clinic.code,
          name: clinic.name,
          bpjsCode: clinic.bpjsCode,
          queuePrefix: clinic.queuePrefix,
          notifyAhead: clinic.notifyAhead,
          active: clinic.active,
        }
      : { code: '', name: '', bpjsCode: null, queuePrefix: '', notifyAhead: 3, active: true },
    fieldNames,
    // A code already used by another clinic is told next to the code.
    fieldByErrorCode: { DUPLICATE: 'code' },
    saving: save.isPending,
    mutate: (input, callbacks) => save.mutate({ id: clinic?.id ?? null, input }, callbacks),
    onSaved,
  });
  // The clinic's own code and its queue prefix are both short codes, typed in capitals.
  const codeField = (name: 'code' | 'queuePrefix') => (
    <TextField
      field={form.field(name)}
      label={t(name)}
      help={t(`${name}Help`)}
      className="reference-code"
      setValueAs={upperCase}
    />
  );

  return (
    <FormDialog
      title={clinic ? t('editTitle', { name: clinic.name }) : t('newTitle')}
      onClose={onClose}
      {...form.dialog}
    >
      {codeField('code')}
      <TextField field={form.field('name')} label={t('name')} />
      <BpjsCodeField field={form.field('bpjsCode')} list="clinics" />
      {codeField('queuePrefix')}
      <TextField
        field={form.field('notifyAhead')}
        label={t('notifyAhead')}
        help={t('notifyAheadHelp')}
        type="number"
        min={0}
      />
      <label className="form-choice">
        <input type="checkbox" {...form.register('active')} />
        {t('active')}
      </label>
    </FormDialog>
  );
}
