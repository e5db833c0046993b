import '../../i18n/zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { type DutyRole, type RosterEntry, type RosterShift, rosterInputSchema } from '@portal/contract';
import { Button } from 'primereact/button';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useRemoveRoster, useRosterEligible, useSetRoster } from '../../api/attendance';
import { described, FormDialog, inputClass, numberOrUndefined } from '../../components/FormDialog';
import { FormField } from '../../components/FormField';
import { applyServerErrors } from '../../components/serverErrors';
import { contactNs } from '../../i18n/contact';
import { formatDayDate } from '../../i18n/format';
import { piketNs } from './i18n';

/** One post of one shift on one date, and who is planned there now. */
export interface RosterCell {
  date: string;
  shift: RosterShift;
  role: DutyRole;
  entry: RosterEntry | undefined;
}

const formSchema = rosterInputSchema.pick({ staffId: true });
type Form = z.input<typeof formSchema>;

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
  const formId = useId();
  const selectId = `${formId}-staff`;
  const eligible = useRosterEligible();
  const save = useSetRoster();
  const remove = useRemoveRoster();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Form, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: { staffId: cell.entry?.staff.id },
  });

  const { date, shift, role, entry } = cell;
  const words = { post: t(`contact:roles.${role}`), shift: t(`shifts.${shift}`), date: formatDayDate(date) };
  const candidates = eligible.data?.[role] ?? [];
  // Someone planned earlier who no longer qualifies still shows, so that the choice matches the grid.
  const plannedElsewise =
    entry && !candidates.some((person) => person.id === entry.staff.id) ? entry.staff : null;

  const submit = handleSubmit(({ staffId }) => {
    setFormError(null);
    save.mutate(
      { date, shift, role, staffId },
      {
        onSuccess: (saved) => {
          onClose();
          onDone(t('done.saved', { ...words, name: saved.staff.name }));
        },
        onError: (error) => setFormError(applyServerErrors(error, ['staffId'], setError)),
      },
    );
  });

  const removeEntry = () => {
    if (!entry) return;
    setFormError(null);
    remove.mutate(entry.id, {
      onSuccess: () => {
        onClose();
        onDone(t('done.removed', { ...words, name: entry.staff.name }));
      },
      onError: (error) => setFormError(applyServerErrors(error, [], setError)),
    });
  };

  return (
    <FormDialog
      title={t('dialog.title', words)}
      formId={formId}
      formError={formError}
      saving={save.isPending}
      onClose={onClose}
      onSubmit={submit}
      footerStart={
        entry && (
          <Button
            type="button"
            label={t('dialog.remove')}
            icon="pi pi-trash"
            severity="danger"
            text
            loading={remove.isPending}
            onClick={removeEntry}
          />
        )
      }
    >
      {/* The choice appears with its options, so that the planned person shows as chosen. */}
      {!eligible.data ? (
        <p>{t('translation:common.loading')}</p>
      ) : (
        <FormField
          id={selectId}
          label={t('dialog.person')}
          help={candidates.length === 0 ? t('dialog.noCandidates') : undefined}
          error={errors.staffId?.message}
        >
          <select
            id={selectId}
            className={inputClass(errors.staffId)}
            {...described(selectId, errors.staffId, candidates.length === 0)}
            {...register('staffId', { setValueAs: numberOrUndefined })}
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
          </select>
        </FormField>
      )}
    </FormDialog>
  );
}
