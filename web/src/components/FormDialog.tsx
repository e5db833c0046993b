import './forms.css';
import { Button, type ButtonProps } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import { type FormEventHandler, type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useReturnFocus } from './useReturnFocus';

// PrimeReact is imported here for the screens' dialogs: only lazily loaded screens and panels inside a
// PrimeScope use this file, so that it stays out of the first view's bundle.

// The aria and class helpers of a form's controls live with the public forms' (no PrimeReact there).
export { described, inputClass } from './formControls';

/** An empty choice or text is "none" (null) for the API. */
export const emptyAsNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;
/** An empty choice is "not chosen yet", which the schema reports as required. */
export const numberOrUndefined = (value: unknown) =>
  value === '' || value === null ? undefined : Number(value);
export const numberOrNull = (value: unknown) => (value === '' || value === null ? null : Number(value));

interface Props {
  title: string;
  formId: string;
  /** What the server said that belongs to no field (a 409, a failure). */
  formError: string | null;
  saving: boolean;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  /** Classes besides `form-dialog`, e.g. for a wider dialog. */
  className?: string;
  /** The submit button, when it does more than save ("Impor", "Batalkan operasi"). */
  saveLabel?: string;
  saveIcon?: string;
  saveSeverity?: ButtonProps['severity'];
  /** The submit button cannot save yet (the form has not loaded, or could not be). */
  saveDisabled?: boolean;
  /** The button that closes the dialog without saving, when it is not "Batal". */
  cancelLabel?: string;
  /** The button that removes what the dialog shows, first in the footer; left out where nothing is to remove. */
  remove?: Pick<ButtonProps, 'label' | 'icon' | 'loading' | 'disabled' | 'onClick'>;
  /** A line between the error and the form. */
  intro?: ReactNode;
  /** What follows the form inside the dialog (e.g. the findings of a refused import). */
  after?: ReactNode;
}

/**
 * The form's first box takes the focus as the dialog opens (PrimeReact would give it to the dialog's close
 * button), unless a box of the form asked for it itself.
 */
function focusFirstField(formId: string) {
  const form = document.getElementById(formId);
  if (!form || form.contains(document.activeElement)) return;
  form
    .querySelector<HTMLElement>(
      'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)',
    )
    ?.focus();
}

/** A dialog around one form, with cancel and save in its footer. */
export function FormDialog({
  title,
  formId,
  formError,
  saving,
  onClose,
  onSubmit,
  children,
  className,
  saveLabel,
  saveIcon = 'pi pi-check',
  saveSeverity,
  saveDisabled,
  cancelLabel,
  remove,
  intro,
  after,
}: Props) {
  useReturnFocus();
  const { t } = useTranslation();
  // The error is drawn above the form, while the person has scrolled down to the save button: brought to sight.
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (formError) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [formError]);
  return (
    <Dialog
      visible
      onHide={onClose}
      onShow={() => focusFirstField(formId)}
      header={title}
      className={className ? `form-dialog ${className}` : 'form-dialog'}
      draggable={false}
      resizable={false}
      footer={
        <>
          {remove && <Button type="button" severity="danger" text {...remove} />}
          <Button
            type="button"
            label={cancelLabel ?? t('common.cancel')}
            severity="secondary"
            text
            onClick={onClose}
          />
          <Button
            type="submit"
            form={formId}
            label={saveLabel ?? t('common.save')}
            icon={saveIcon}
            severity={saveSeverity}
            disabled={saveDisabled}
            loading={saving}
          />
        </>
      }
    >
      {formError && (
        <div ref={errorRef}>
          <Message className="form-message" severity="error" text={formError} />
        </div>
      )}
      {intro}
      <form id={formId} className="form-grid" onSubmit={onSubmit} noValidate>
        {children}
      </form>
      {after}
    </Dialog>
  );
}
