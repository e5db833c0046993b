import { type AdminRoom, capacityChangeSchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { useChangeCapacity } from '../../api/rooms';
import { FormDialog } from '../../components/FormDialog';
import { TextField } from '../../components/TextField';
import { type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { bangsalNs } from './i18n';

/** A room's number of beds, changed with a reason; the server refuses fewer beds than are taken. */
export function CapacityDialog({ room, onClose, onSaved }: SaveDialogProps<AdminRoom> & { room: AdminRoom }) {
  const { t } = useTranslation(bangsalNs, { keyPrefix: 'capacityForm' });
  const change = useChangeCapacity();
  const form = useDialogForm({
    schema: capacityChangeSchema,
    defaultValues: { capacity: room.capacity, reason: '' },
    fieldNames: ['capacity', 'reason'],
    saving: change.isPending,
    mutate: (input, callbacks) => change.mutate({ id: room.id, input }, callbacks),
    onSaved,
  });

  return (
    <FormDialog
      title={t('title', { name: room.name })}
      intro={<p className="form-help">{t('intro', room)}</p>}
      onClose={onClose}
      {...form.dialog}
    >
      <TextField field={form.field('capacity')} label={t('capacity')} type="number" />
      <TextField field={form.field('reason')} label={t('reason')} help={t('reasonHelp')} />
    </FormDialog>
  );
}
