import '../../i18n/zod';
import { type DutyRole, type RosterEntry, type RosterShift, rosterInputSchema } from '@portal/contract';
import { Message } from 'primereact/message';
import { useTranslation } from 'react-i18next';
import { useRemoveRoster, useRosterEligible, useSetRoster } from '../../api/attendance';
import { FormDialog, numberOrUndefined } from '../../components/FormDialog';
import { SelectField } from '../../components/SelectField';
import { useDialogForm } from '../../components/useDialogForm';
import { contactNs } from '../../i18n/contact';
import { formatDayDate } from '../../i18n/format';
import { piketNs } from './i18n';
import { shiftEnd } from './months';

/** One post of one shift on one date, and who is planned there now. */
export interface RosterCell {
  date: string;
  shift: RosterShift;
  role: DutyRole;
  entry: RosterEntry | undefined;
}

const formSchema = rosterInputSchema.pick({ staffId: true });

/** Choosing the person for a roster cell from the eligible staff, or taking the planned person off. */
export function RosterDialog({
  cell,
  onClose,
  onDone,
}: {
  cell: RosterCell;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation([piketNs, contactNs, 'translation']);
  const eligible = useRosterEligible();
  const save = useSetRoster();
  const remove = useRemoveRoster();
  const { date, shift, role, entry } = cell;
  const words = { post: t(`contact:roles.${role}`), shift: t(`shifts.${shift}`), date: formatDayDate(date) };
  const form = useDialogForm({
    schema: formSchema,
    defaultValues: { staffId: entry?.staff.id },
    fieldNames: ['staffId'],
    saving: save.isPending,
    mutate: ({ staffId }, callbacks) => save.mutate({ date, shift, role, staffId }, callbacks),
    onSaved: (saved: RosterEntry) => {
      onClose();
      onDone(t('done.saved', { ...words, name: saved.staff.name }));
    },
  });

  // A shift that has ended is a record: changing it changes that month's attendance recap.
  const ended = shiftEnd(date, shift) <= new Date();
  const candidates = eligible.data?.[role] ?? [];
  // Someone planned earlier who no longer qualifies still shows, so that the choice matches the grid.
  const plannedElsewise =
    entry && !candidates.some((person) => person.id === entry.staff.id) ? entry.staff : null;

  const removeEntry = () => {
    if (!entry) return;
    form.setFormError(null);
    remove.mutate(entry.id, {
      onSuccess: () => {
        onClose();
        onDone(t('done.removed', { ...words, name: entry.staff.name }));
      },
      onError: form.onError,
    });
  };

  return (
    <FormDialog
      title={t('dialog.title', words)}
      onClose={onClose}
      intro={ended ? <Message className="form-message" severity="warn" text={t('dialog.ended')} /> : null}
      {...form.dialog}
      remove={
        entry
          ? {
              label: t('dialog.remove'),
              icon: 'pi pi-trash',
              loading: remove.isPending,
              onClick: removeEntry,
            }
          : undefined
      }
    >
      {/* The choice appears with its options, so that the planned person shows as chosen. */}
      {!eligible.data ? (
        <p>{t('translation:common.loading')}</p>
      ) : (
        <SelectField
          field={form.field('staffId')}
          label={t('dialog.person')}
          help={candidates.length === 0 ? t('dialog.noCandidates') : undefined}
          setValueAs={numberOrUndefined}
        >
          <option value="">{t('dialog.choose')}</option>
          {plannedElsewise && (
            <option value={plannedElsewise.id} disabled>
              {t('dialog.notEligible', { name: plannedElsewise.name })}
            </option>
          )}
          {candidates.map((person) => (
            <option key={person.id} value={person.id}>
              {person.name}
            </option>
          ))}
        </SelectField>
      )}
    </FormDialog>
  );
}
