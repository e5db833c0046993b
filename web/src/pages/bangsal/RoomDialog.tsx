import { type RoomBeds, transferRequestSchema } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog';
import { SelectField } from '../../components/SelectField';
import { useDialogForm } from '../../components/useDialogForm';
import { bangsalNs } from './i18n';

interface Props {
  title: string;
  /** A line above the choice, e.g. where the patient lies now. */
  intro?: string;
  rooms: readonly RoomBeds[];
  /** The patient's sex: single-sex rooms of the other sex cannot be chosen. */
  sex: 'L' | 'P';
  /** The room the patient lies in now, not offered again. */
  currentRoom?: string;
  submitLabel: string;
  pending: boolean;
  /** Why the server refused the last attempt (a full room, …). */
  error: string | null;
  onSubmit: (roomCode: string) => void;
  onClose: () => void;
}

/** Choosing a room for an admission or a transfer. Full rooms are shown, but cannot be chosen. */
export function RoomDialog({
  title,
  intro,
  rooms,
  sex,
  currentRoom,
  submitLabel,
  pending,
  error,
  onSubmit,
  onClose,
}: Props) {
  const { t } = useTranslation(bangsalNs);
  // The request is the caller's: it says how it went through `pending` and `error`.
  const form = useDialogForm({
    schema: transferRequestSchema,
    defaultValues: { roomCode: '' },
    fieldNames: [],
    saving: pending,
    mutate: ({ roomCode }) => onSubmit(roomCode),
  });

  const label = (room: RoomBeds) => {
    const base =
      room.available === 0
        ? t('room.full', { name: room.name })
        : t('room.free', { name: room.name, available: room.available });
    return room.sex ? `${base} (${t(`room.sexOnly.${room.sex}`)})` : base;
  };

  return (
    <FormDialog title={title} saveLabel={submitLabel} onClose={onClose} {...form.dialog} formError={error}>
      {intro && <p className="form-help">{intro}</p>}
      <SelectField field={form.field('roomCode')} label={t('room.label')}>
        <option value="">{t('room.choose')}</option>
        {rooms
          .filter((room) => room.code !== currentRoom)
          .map((room) => (
            <option
              key={room.code}
              value={room.code}
              disabled={room.available === 0 || (room.sex !== null && room.sex !== sex)}
            >
              {label(room)}
            </option>
          ))}
      </SelectField>
    </FormDialog>
  );
}
