import { Fragment, type ReactNode } from 'react';
import { useHealth } from '../api/health';
import { hospitalTimeZone } from '../i18n/format';

/**
 * Draws the app again, once, when the server says the hospital is not on WIB (WITA, WIT): what was drawn
 * before its answer came showed the times of the first clock. The app does not wait for the answer.
 */
export function HospitalClock({ children }: { children: ReactNode }) {
  useHealth();
  return <Fragment key={hospitalTimeZone()}>{children}</Fragment>;
}
