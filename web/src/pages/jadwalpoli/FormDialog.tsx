import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Message } from 'primereact/message';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { jadwalPoliNs } from './i18n';

/** The invalid state of a control and the ids of its error and hint, as FormField names them. */
export function described(inputId: string, error: FieldError | undefined, help = false) {
  return {
    'aria-invalid': error !== undefined,
    'aria-describedby':
      [error && `${inputId}-error`, help && `${inputId}-help`].filter(Boolean).join(' ') || undefined,
  };
}

/** The class of a native control (select, date, time) styled as PrimeReact's inputs. */
export function inputClass(error: FieldError | undefined) {
  return `p-inputtext p-component${error ? ' p-invalid' : ''}`;
}

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
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  children: ReactNode;
}

/** A dialog around one form, with cancel and save in its footer. */
export function FormDialog({ title, formId, formError, saving, onClose, onSubmit, children }: Props) {
  const { t } = useTranslation(jadwalPoliNs);
  return (
    <Dialog
      visible
      onHide={onClose}
      header={title}
      className="form-dialog"
      draggable={false}
      resizable={false}
      footer={
        <>
          <Button type="button" label={t('cancel')} severity="secondary" text onClick={onClose} />
          <Button type="submit" form={formId} label={t('save')} icon="pi pi-check" loading={saving} />
        </>
      }
    >
      {formError && <Message className="form-message" severity="error" text={formError} />}
      <form id={formId} className="form-grid" onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}
