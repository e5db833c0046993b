import { Toast } from 'primereact/toast';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** A toast that confirms what a desk has just done; render `toast` once in the screen. */
export function useSuccessToast() {
  const { t } = useTranslation();
  const ref = useRef<Toast>(null);
  const show = useCallback(
    (detail: string) =>
      ref.current?.show({ severity: 'success', summary: t('common.done'), detail, life: 5000 }),
    [t],
  );
  return { toast: <Toast ref={ref} position="top-right" />, show };
}
