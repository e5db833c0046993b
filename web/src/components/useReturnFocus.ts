import { useEffect, useState } from 'react';

/**
 * For a dialog that is on the page only while it is open (PrimeReact gives the focus back only when its
 * `visible` turns false): when it goes, the focus goes back to what had it when the dialog opened (the
 * button that opened it) where that is still on the page, instead of falling to the page's body.
 */
export function useReturnFocus(): void {
  const [opener] = useState(() => document.activeElement);
  useEffect(
    () => () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    },
    [opener],
  );
}
