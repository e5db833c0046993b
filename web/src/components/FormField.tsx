import './forms.css';
import type { ReactNode } from 'react';

interface FieldProps {
  id: string;
  label: string;
  help?: string;
  error?: string;
  children: ReactNode;
}

/** A label, the control, a hint and the error, linked by ids that the control names in aria-describedby. */
export function FormField({ id, label, help, error, children }: FieldProps) {
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
          {error}
        </small>
      )}
    </div>
  );
}
