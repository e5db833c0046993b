import { admitRequestSchema, type RoomBeds } from '@portal/contract';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useAdmissions, useWardDoctors } from '../../api/ward';
import { FormDialog } from '../../components/FormDialog';
import { inputClass } from '../../components/formControls';
import { FormField } from '../../components/FormField';
import { SelectField } from '../../components/SelectField';
import { type DialogField, useDialogForm } from '../../components/useDialogForm';
import { bangsalNs } from './i18n';

/** Where a stay goes: the room, its bed (left out: the lowest free one), and for an admission the DPJP. */
const choiceSchema = admitRequestSchema.omit({ patientId: true });
export type RoomChoice = z.infer<typeof choiceSchema>;

interface Props {
  title: string;
  /** A line above the choice, e.g. where the patient lies now. */
  intro?: string;
  rooms: readonly RoomBeds[];
  /** The patient's sex: single-sex rooms of the other sex cannot be chosen. */
  sex: 'L' | 'P';
  /** The room the patient lies in now, not offered again. */
  currentRoom?: string;
  /** An admission chooses the DPJP too; a transfer keeps it. */
  withDpjp?: boolean;
  submitLabel: string;
  pending: boolean;
  /** Why the server refused the last attempt (a full room, a bed just taken, …). */
  error: string | null;
  onSubmit: (choice: RoomChoice) => void;
  onClose: () => void;
}

/** A choice's value as a number; the empty choice (or none yet) is none. */
const chosenNumber = (value: unknown) =>
  value === '' || value === undefined || value === null ? null : Number(value);
const numberOrNone = (value: unknown) => chosenNumber(value) ?? undefined;
const doctorOrNone = chosenNumber;

/**
 * Choosing a room and a bed for an admission or a transfer (and the DPJP for an admission). Full rooms are
 * shown, but cannot be chosen; a room's beds taken now are not offered.
 */
export function RoomDialog({
  title,
  intro,
  rooms,
  sex,
  currentRoom,
  withDpjp = false,
  submitLabel,
  pending,
  error,
  onSubmit,
  onClose,
}: Props) {
  const { t } = useTranslation(bangsalNs);
  // The request is the caller's: it says how it went through `pending` and `error`.
  const form = useDialogForm({
    schema: choiceSchema,
    defaultValues: { roomCode: '', dpjpId: null },
    fieldNames: [],
    saving: pending,
    mutate: (choice) => onSubmit(choice),
  });
  const roomCode = useWatch({ control: form.control, name: 'roomCode' });
  const room = rooms.find((option) => option.code === roomCode);
  // A bed chosen belongs to its room: another room starts again at its first free bed.
  const { setValue } = form;
  useEffect(() => setValue('bed', undefined), [roomCode, setValue]);

  const label = (option: RoomBeds) => {
    const base =
      option.available === 0
        ? t('room.full', { name: option.name })
        : t('room.free', { name: option.name, available: option.available });
    return option.sex ? `${base} (${t(`room.sexOnly.${option.sex}`)})` : base;
  };

  return (
    <FormDialog title={title} saveLabel={submitLabel} onClose={onClose} {...form.dialog} formError={error}>
      {intro && <p className="form-help">{intro}</p>}
      <SelectField field={form.field('roomCode')} label={t('room.label')}>
        <option value="">{t('room.choose')}</option>
        {rooms
          .filter((option) => option.code !== currentRoom)
          .map((option) => (
            <option
              key={option.code}
              value={option.code}
              disabled={option.available === 0 || (option.sex !== null && option.sex !== sex)}
            >
              {label(option)}
            </option>
          ))}
      </SelectField>
      {/* Mounted anew per room, so that its choice starts at the first free bed. */}
      <BedField key={room?.code ?? ''} room={room} field={form.field('bed')} />
      {withDpjp && <DpjpField field={form.field('dpjpId')} />}
    </FormDialog>
  );
}

/** The beds of the room chosen that no current stay holds. */
function BedField({ room, field }: { room: RoomBeds | undefined; field: DialogField }) {
  const { t } = useTranslation(bangsalNs);
  const stays = useAdmissions(room?.code ?? null, { enabled: room !== undefined });
  const taken = new Set(stays.data?.map((stay) => stay.bed));
  const free = room
    ? Array.from({ length: room.capacity }, (_, i) => i + 1).filter((bed) => !taken.has(bed))
    : [];
  return (
    <SelectField field={field} label={t('room.bed')} help={t('room.bedHelp')} setValueAs={numberOrNone}>
      <option value="">{t('room.anyBed')}</option>
      {free.map((bed) => (
        <option key={bed} value={bed}>
          {t('room.bedOption', { bed })}
        </option>
      ))}
    </SelectField>
  );
}

/** The DPJP from the doctors' list; none until chosen. */
export function DpjpField({ field }: { field: DialogField }) {
  const { t } = useTranslation([bangsalNs, 'translation']);
  const doctors = useWardDoctors();
  // The select mounts once its options are there, so that the form's value finds its option.
  if (!doctors.data) {
    return (
      <FormField id={field.id} label={t('room.dpjp')}>
        <select id={field.id} className={inputClass(undefined)} disabled>
          <option>{t('translation:common.loading')}</option>
        </select>
      </FormField>
    );
  }
  return (
    <SelectField field={field} label={t('room.dpjp')} setValueAs={doctorOrNone}>
      <option value="">{t('room.noDpjp')}</option>
      {doctors.data.map((doctor) => (
        <option key={doctor.id} value={doctor.id}>
          {doctor.name}
        </option>
      ))}
    </SelectField>
  );
}
