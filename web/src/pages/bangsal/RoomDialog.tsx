import { zodResolver } from '@hookform/resolvers/zod';
import { type RoomBeds, transferRequestSchema } from '@portal/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { described, FormDialog, inputClass } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
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
  const formId = useId();
  const selectId = `${formId}-room`;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ roomCode: string }>({
    resolver: zodResolver(transferRequestSchema),
    defaultValues: { roomCode: '' },
  });

  const label = (room: RoomBeds) => {
    const base =
      room.available === 0
        ? t('room.full', { name: room.name })
        : t('room.free', { name: room.name, available: room.available });
    return room.sex ? `${base} (${t(`room.sexOnly.${room.sex}`)})` : base;
  };

  return (
    <FormDialog
      title={title}
      saveLabel={submitLabel}
      formId={formId}
      formError={error}
      saving={pending}
      onClose={onClose}
      onSubmit={handleSubmit(({ roomCode }) => onSubmit(roomCode))}
    >
      {intro && <p className="form-help">{intro}</p>}
      <FormField id={selectId} label={t('room.label')} error={errors.roomCode?.message}>
        <select
          id={selectId}
          className={inputClass(errors.roomCode)}
          {...described(selectId, errors.roomCode)}
          {...register('roomCode')}
        >
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
        </select>
      </FormField>
    </FormDialog>
  );
}
