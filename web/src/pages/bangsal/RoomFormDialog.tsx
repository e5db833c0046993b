import { type AdminRoom, type BedClass, roomCreateSchema, roomEditSchema } from '@portal/contract';
import { bedClasses } from '@portal/contract/constants';
import { useTranslation } from 'react-i18next';
import { useSaveRoom } from '../../api/rooms';
import { useSimrsLinked } from '../../api/system';
import { emptyAsNull, FormDialog } from '../../components/FormDialog';
import { SelectField } from '../../components/SelectField';
import { SimrsOwnedNote } from '../../components/SimrsOwnedNote';
import { TextField } from '../../components/TextField';
import { type DialogField, type SaveDialogProps, useDialogForm } from '../../components/useDialogForm';
import { useBedClassLabel } from '../../i18n/beds';
import { bangsalNs } from './i18n';

const upperCase = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

/**
 * Adding a room (with its code and first capacity) or changing one (name, class, sex, BPJS room code). The
 * capacity of an existing room changes only with a reason, in its own dialog; its code never changes. In
 * linked mode the SIMRS owns name, class and sex: they are shown, and only the BPJS room code changes.
 */
export function RoomFormDialog({
  room,
  onClose,
  onSaved,
}: SaveDialogProps<AdminRoom> & { room: AdminRoom | null }) {
  return room ? (
    <EditRoomDialog room={room} onClose={onClose} onSaved={onSaved} />
  ) : (
    <NewRoomDialog onClose={onClose} onSaved={onSaved} />
  );
}

function NewRoomDialog({ onClose, onSaved }: SaveDialogProps<AdminRoom>) {
  const { t } = useTranslation(bangsalNs, { keyPrefix: 'roomForm' });
  const save = useSaveRoom();
  const form = useDialogForm({
    schema: roomCreateSchema,
    defaultValues: { code: '', name: '', class: 'KL3', sex: null, bpjsRoomCode: null },
    fieldNames: ['code', 'name', 'class', 'capacity', 'sex', 'bpjsRoomCode'],
    // A taken code is told next to the code, a taken BPJS room code next to that one.
    fieldByErrorCode: { DUPLICATE_CODE: 'code', DUPLICATE_BPJS_CODE: 'bpjsRoomCode' },
    saving: save.isPending,
    mutate: (input, callbacks) => save.mutate({ id: null, input }, callbacks),
    onSaved,
  });

  return (
    <FormDialog title={t('newTitle')} onClose={onClose} {...form.dialog}>
      <TextField
        field={form.field('code')}
        label={t('code')}
        help={t('codeHelp')}
        className="reference-code"
        setValueAs={upperCase}
      />
      <RoomFields field={form.field} />
      <TextField
        field={form.field('capacity')}
        label={t('capacity')}
        help={t('capacityHelp')}
        type="number"
      />
    </FormDialog>
  );
}

function EditRoomDialog({ room, onClose, onSaved }: SaveDialogProps<AdminRoom> & { room: AdminRoom }) {
  const { t } = useTranslation(bangsalNs, { keyPrefix: 'roomForm' });
  const save = useSaveRoom();
  const linked = useSimrsLinked();
  const form = useDialogForm({
    schema: roomEditSchema,
    defaultValues: {
      name: room.name,
      // A class the portal does not know (an old import) is offered as none: it must be chosen anew.
      class: (bedClasses as readonly string[]).includes(room.class) ? (room.class as BedClass) : undefined,
      sex: room.sex,
      bpjsRoomCode: room.bpjsRoomCode,
    },
    fieldNames: ['name', 'class', 'sex', 'bpjsRoomCode'],
    fieldByErrorCode: { DUPLICATE_BPJS_CODE: 'bpjsRoomCode' },
    saving: save.isPending,
    mutate: (input, callbacks) => save.mutate({ id: room.id, input }, callbacks),
    onSaved,
  });

  return (
    <FormDialog
      title={t('editTitle', { name: room.name })}
      intro={linked && <SimrsOwnedNote what={t('simrsOwned')} />}
      onClose={onClose}
      {...form.dialog}
    >
      <RoomFields field={form.field} simrsOwned={linked} />
    </FormDialog>
  );
}

/** The fields a room has whether it is added or changed; the SIMRS's own (`simrsOwned`) are read-only. */
function RoomFields({
  field,
  simrsOwned = false,
}: {
  field: (name: 'name' | 'class' | 'sex' | 'bpjsRoomCode') => DialogField;
  simrsOwned?: boolean;
}) {
  const { t } = useTranslation(bangsalNs);
  const classLabel = useBedClassLabel();
  return (
    <>
      <TextField field={field('name')} label={t('roomForm.name')} readOnly={simrsOwned} />
      <SelectField field={field('class')} label={t('roomForm.class')} disabled={simrsOwned}>
        {bedClasses.map((code) => (
          <option key={code} value={code}>
            {`${code} — ${classLabel(code)}`}
          </option>
        ))}
      </SelectField>
      <SelectField
        field={field('sex')}
        label={t('roomForm.sex')}
        setValueAs={emptyAsNull}
        disabled={simrsOwned}
      >
        <option value="">{t('rooms.sexes.mixed')}</option>
        <option value="L">{t('rooms.sexes.L')}</option>
        <option value="P">{t('rooms.sexes.P')}</option>
      </SelectField>
      <TextField
        field={field('bpjsRoomCode')}
        label={t('roomForm.bpjsRoomCode')}
        help={t('roomForm.bpjsRoomCodeHelp')}
        setValueAs={emptyAsNull}
      />
    </>
  );
}
