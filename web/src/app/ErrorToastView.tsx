import { Toast, type ToastMessage } from 'primereact/toast';
import { useEffect, useRef } from 'react';
import { PrimeScope } from '../components/PrimeScope';

interface Props {
  /** Changes whenever errors are waiting. */
  pending: ToastMessage[];
  /** Removes the waiting errors from the queue, so that none is shown twice. */
  take: () => ToastMessage[];
}

export default function ErrorToastView({ pending, take }: Props) {
  const toast = useRef<Toast>(null);

  useEffect(() => {
    if (pending.length === 0) return;
    const messages = take();
    if (messages.length > 0) toast.current?.show(messages);
  }, [pending, take]);

  return (
    <PrimeScope>
      <Toast ref={toast} position="top-right" />
    </PrimeScope>
  );
}
