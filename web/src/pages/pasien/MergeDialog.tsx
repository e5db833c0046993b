import { mrnSchema, type PatientDetail, type PatientSearchRow } from '@portal/contract';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useFindByMrn, useMergePatient, useMergePreview } from '../../api/patientRecords';
import { FormDialog } from '../../components/FormDialog';
import { errorText } from '../../components/serverErrors';
import { TextField } from '../../components/TextField';
import { useDialogForm } from '../../components/useDialogForm';
import { formatBirthDate } from '../../i18n/format';
import { pasien, pasienNs } from './i18n';
import { useReturnFocus } from '../../components/useReturnFocus';

/**
 * Merging a duplicate record into this patient (admins): the duplicate by its medical record number, then
 * what the merge moves and fills, to confirm.
 */
export function MergeDialog({
  patient,
  onClose,
  onMerged,
}: {
  patient: PatientDetail;
  onClose: () => void;
  onMerged: (message: string) => void;
}) {
  const [duplicate, setDuplicate] = useState<PatientSearchRow | null>(null);
  return duplicate ? (
    <ConfirmMerge
      patient={patient}
      duplicate={duplicate}
      onBack={() => setDuplicate(null)}
      onClose={onClose}
      onMerged={onMerged}
    />
  ) : (
    <FindDuplicate patient={patient} onClose={onClose} onFound={setDuplicate} />
  );
}

const findSchema = z.object({ mrn: mrnSchema });

function FindDuplicate({
  patient,
  onClose,
  onFound,
}: {
  patient: PatientDetail;
  onClose: () => void;
  onFound: (duplicate: PatientSearchRow) => void;
}) {
  const { t } = useTranslation(pasienNs);
  const find = useFindByMrn();
  const form = useDialogForm({
    schema: findSchema,
    defaultValues: { mrn: '' },
    fieldNames: ['mrn'],
    saving: find.isPending,
    mutate: ({ mrn }, callbacks) => find.mutate(mrn, callbacks),
    onSaved: (found: PatientSearchRow | null) => {
      const mrn = form.getValues('mrn');
      if (!found) form.setError('mrn', { message: t('merge.notFound', { mrn }) });
      else if (found.id === patient.id) form.setError('mrn', { message: t('merge.itself') });
      else onFound(found);
    },
  });
  return (
    <FormDialog
      {...form.dialog}
      title={t('merge.title')}
      onClose={onClose}
      saveLabel={t('merge.find')}
      saveIcon="pi pi-search"
      intro={<p>{t('merge.intro', { mrn: patient.mrn, name: patient.name })}</p>}
    >
      <TextField
        field={form.field('mrn')}
        label={t('merge.mrn')}
        help={t('merge.mrnHelp')}
        autoComplete="off"
      />
    </FormDialog>
  );
}

const isField = (field: string): field is keyof typeof pasien.form.fields => field in pasien.form.fields;

function ConfirmMerge({
  patient,
  duplicate,
  onBack,
  onClose,
  onMerged,
}: {
  patient: PatientDetail;
  duplicate: PatientSearchRow;
  onBack: () => void;
  onClose: () => void;
  onMerged: (message: string) => void;
}) {
  useReturnFocus();
  const { t } = useTranslation([pasienNs, 'translation']);
  const plan = useMergePreview(patient.id, duplicate.id);
  const merge = useMergePatient(patient.id);
  const blocked = !plan.data || plan.data.conflicts.length > 0;
  return (
    <Dialog
      visible
      onHide={onClose}
      header={t('merge.confirmTitle', { mrn: duplicate.mrn })}
      className="form-dialog patient-merge-dialog"
      draggable={false}
      resizable={false}
      footer={
        <>
          <Button type="button" label={t('merge.back')} severity="secondary" text onClick={onBack} />
          <Button
            type="button"
            label={t('translation:common.cancel')}
            severity="secondary"
            text
            onClick={onClose}
          />
          <Button
            type="button"
            icon="pi pi-clone"
            severity="danger"
            label={t('merge.confirm')}
            disabled={blocked}
            loading={merge.isPending}
            onClick={() =>
              merge.mutate(duplicate.id, {
                onSuccess: () => onMerged(t('merge.done', { mrn: duplicate.mrn })),
              })
            }
          />
        </>
      }
    >
      {merge.error && <Message className="form-message" severity="error" text={errorText(merge.error)} />}
      {plan.isPending && <p>{t('translation:common.loading')}</p>}
      {plan.error && <Message className="form-message" severity="error" text={errorText(plan.error)} />}
      {plan.data && (
        <div className="patient-merge-plan">
          <p>
            {t('merge.duplicate', {
              name: plan.data.duplicate.name,
              mrn: plan.data.duplicate.mrn,
              birthDate: formatBirthDate(plan.data.duplicate.birthDate, t('birthDateMissing')),
              nik: plan.data.duplicate.nik ?? t('none'),
            })}
          </p>
          <p>{t('merge.moves', plan.data.moves)}</p>
          <p>
            {plan.data.filled.length > 0
              ? t('merge.filled', {
                  fields: plan.data.filled
                    .map((field) => (isField(field) ? t(`form.fields.${field}`) : field))
                    .join(', '),
                })
              : t('merge.nothingFilled')}
          </p>
          <p>{t('merge.deleted', { mrn: plan.data.duplicate.mrn })}</p>
          {plan.data.conflicts.length > 0 && (
            <div role="alert">
              <p className="p-error">{t('merge.conflicts')}</p>
              <ul>
                {plan.data.conflicts.map((conflict) => (
                  <li key={conflict}>{conflict}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
