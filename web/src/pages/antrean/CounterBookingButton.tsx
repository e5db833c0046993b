import { mrnSchema, type PatientSearchRow } from '@portal/contract';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFindPatientByMrn } from '../../api/registration';
import { type CounterPatient, CounterBookingDialog } from '../../components/CounterBookingDialog';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { useDialogForm } from '../../components/useDialogForm';
import { antreanNs } from './i18n';

/** The queue desk's way to the counter booking: the patient by medical record number, then the booking. */
export function CounterBookingButton() {
  const { t } = useTranslation(antreanNs);
  const [open, setOpen] = useState(false);
  const [patient, setPatient] = useState<CounterPatient | null>(null);
  const close = () => {
    setOpen(false);
    setPatient(null);
  };
  return (
    <>
      <Button type="button" icon="pi pi-user-plus" label={t('counter.open')} onClick={() => setOpen(true)} />
      {open &&
        (patient ? (
          <CounterBookingDialog patient={patient} onClose={close} />
        ) : (
          <PatientLookup onClose={close} onFound={setPatient} />
        ))}
    </>
  );
}

const lookupSchema = z.object({ mrn: mrnSchema });

function PatientLookup({
  onClose,
  onFound,
}: {
  onClose: () => void;
  onFound: (patient: PatientSearchRow) => void;
}) {
  const { t } = useTranslation(antreanNs);
  const find = useFindPatientByMrn();
  const form = useDialogForm({
    schema: lookupSchema,
    defaultValues: { mrn: '' },
    fieldNames: ['mrn'],
    saving: find.isPending,
    mutate: ({ mrn }, callbacks) => find.mutate(mrn, callbacks),
    onSaved: (found: PatientSearchRow | null) => {
      if (found) onFound(found);
      else form.setError('mrn', { message: t('counter.lookup.notFound', { mrn: form.getValues('mrn') }) });
    },
  });
  return (
    <FormDialog
      {...form.dialog}
      title={t('counter.lookup.title')}
      onClose={onClose}
      saveLabel={t('counter.lookup.find')}
      saveIcon="pi pi-search"
      intro={<p>{t('counter.lookup.intro')}</p>}
    >
      <TextField
        field={form.field('mrn')}
        label={t('counter.lookup.mrn')}
        help={t('counter.lookup.mrnHelp')}
        autoComplete="off"
      />
    </FormDialog>
  );
}
