import {
  type CurrentAdmission,
  dischargeFormSchema,
  dischargeReasons,
  dpjpChangeSchema,
} from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useChangeDpjp, useDischarge } from '../../api/ward';
import { FormDialog } from '../../components/FormDialog';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useDialogForm } from '../../components/useDialogForm';
import { staysNs } from '../../i18n/stays';
import { bangsalNs } from './i18n';
import { DpjpField } from './RoomDialog';

interface Props {
  stay: CurrentAdmission;
  onClose: () => void;
  /** Told what was done, for the desk's toast. */
  onDone: (message: string) => void;
}

/** An empty choice or note is none (the contract's optional fields take no null). */
const noneWhenEmpty = (value: unknown) => (value === '' ? undefined : value);

/** Discharging a stay: how it ended (asked) and a note; the bed is free at once. */
export function DischargeDialog({ stay, onClose, onDone }: Props) {
  const { t } = useTranslation([bangsalNs, staysNs]);
  const discharge = useDischarge();
  const form = useDialogForm({
    schema: dischargeFormSchema,
    defaultValues: { note: '' },
    fieldNames: ['reason', 'note'],
    saving: discharge.isPending,
    mutate: (request, callbacks) => discharge.mutate({ admissionId: stay.id, ...request }, callbacks),
    onSaved: () => {
      onClose();
      onDone(t('done.discharged', { name: stay.patient.name }));
    },
  });
  return (
    <FormDialog
      title={t('discharge.title', { name: stay.patient.name })}
      saveLabel={t('discharge.accept')}
      onClose={onClose}
      {...form.dialog}
    >
      <p className="form-help">{t('discharge.message', { room: stay.room.name })}</p>
      <SelectField field={form.field('reason')} label={t('discharge.reason')} setValueAs={noneWhenEmpty}>
        <option value="">{t('discharge.chooseReason')}</option>
        {dischargeReasons.map((reason) => (
          <option key={reason} value={reason}>
            {t(`${staysNs}:dischargeReasons.${reason}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        field={form.field('note')}
        label={t('discharge.note')}
        help={t('discharge.noteHelp')}
        setValueAs={noneWhenEmpty}
      />
    </FormDialog>
  );
}

/** Changing a current stay's DPJP, or taking the doctor off. */
export function DpjpDialog({ stay, onClose, onDone }: Props) {
  const { t } = useTranslation(bangsalNs);
  const change = useChangeDpjp();
  const form = useDialogForm({
    schema: dpjpChangeSchema,
    defaultValues: { dpjpId: stay.dpjp?.id ?? null },
    fieldNames: ['dpjpId'],
    saving: change.isPending,
    mutate: ({ dpjpId }, callbacks) => change.mutate({ admissionId: stay.id, dpjpId }, callbacks),
    onSaved: (saved: CurrentAdmission) => {
      onClose();
      const name = saved.patient.name;
      onDone(saved.dpjp ? t('dpjp.done', { name, doctor: saved.dpjp.name }) : t('dpjp.cleared', { name }));
    },
  });
  return (
    <FormDialog
      title={t('dpjp.title', { name: stay.patient.name })}
      saveLabel={t('dpjp.submit')}
      onClose={onClose}
      {...form.dialog}
    >
      <DpjpField field={form.field('dpjpId')} />
    </FormDialog>
  );
}
