import './forms.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contractMessage } from '../i18n/contractMessages';

interface FieldProps {
  id: string;
  label: string;
  help?: string;
  error?: string;
  children: ReactNode;
}

/**
 * A label, the control, a hint and the error, linked by ids that the control names in aria-describedby. The
 * error is in the UI's language also when the contract wrote it (the form's check, the server's 400), and
 * follows a switch of language while it shows.
 */
export function FormField({ id, label, help, error, children }: FieldProps) {
  useTranslation();
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {help && (
        <small id={`${id}-help`} className="form-help">
          {help}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="p-error">
          {contractMessage(error)}
        </small>
      )}
    </div>
  );
}
