import type { ToastMessage } from 'primereact/toast';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { errorText } from '../components/serverErrors';
import i18n from '../i18n';

// PrimeReact's Toast would be a sixth of the initial JavaScript; it is loaded with the first error instead.
const ErrorToastView = lazy(() => import('./ErrorToastView'));

// Errors come from the query cache, outside React, so they wait here until the toast shows them.
let pending: ToastMessage[] = [];
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function showErrorToast(error: Error): void {
  // Only the API's own messages are written for users (in English where the contract has it); anything
  // else is a bug they cannot act on.
  const detail = errorText(error);
  pending = [...pending, { severity: 'error', summary: i18n.t('errors.toastSummary'), detail, life: 8000 }];
  for (const listener of listeners) listener();
}

/** Hands the waiting messages over to the toast, each exactly once. */
function takePendingErrors(): ToastMessage[] {
  const taken = pending;
  pending = [];
  return taken;
}

export function ErrorToast() {
  const messages = useSyncExternalStore(subscribe, () => pending);
  const [needed, setNeeded] = useState(false);
  if (messages.length > 0 && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ErrorToastView pending={messages} take={takePendingErrors} />
    </Suspense>
  );
}
