import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';
import i18n from '../i18n';
import { contractMessage } from '../i18n/contractMessages';

/**
 * Puts the field errors of a refused request (a 400's `fields`) next to the form's fields (their FormField
 * words the contract's messages in the UI's language). Returns what is left to show for the form as a whole:
 * the message of any other failure, or null when the fields say it all.
 */
export function applyServerErrors<T extends FieldValues>(
  error: Error,
  fieldNames: readonly Path<T>[],
  setError: UseFormSetError<T>,
): string | null {
  if (!(error instanceof ApiError)) return errorText(error);
  const shown = fieldNames.filter((name) => {
    const message = error.fields?.[name];
    if (message) setError(name, { message });
    return message !== undefined;
  });
  return shown.length > 0 ? null : errorText(error);
}

/** A 429: too many requests from this address, to be tried again in a while. */
export function isTooMany(error: Error): boolean {
  return error instanceof ApiError && error.status === 429;
}

/**
 * What to tell the user of a failed request: the server's message (in English when it is one of the
 * contract's), or that something went wrong.
 */
export function errorText(error: Error): string {
  return error instanceof ApiError ? contractMessage(error.message) : i18n.t('errors.unexpected');
}
