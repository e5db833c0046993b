import { useEffect, useState } from 'react';

/** Gives the focus back to what had it before a dialog or panel opened, where that is still on the page. */
export function focusBack(opener: Element | null): void {
  if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
}

/**
 * For a dialog that is on the page only while it is open (PrimeReact gives the focus back only when its
 * `visible` turns false): when it goes, the focus goes back to what had it when the dialog opened (the
 * button that opened it) instead of falling to the page's body.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() => document.activeElement);
  useEffect(() => () => focusBack(opener), [opener]);
}
