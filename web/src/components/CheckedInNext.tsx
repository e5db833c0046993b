import type { RegistrationStatusView } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { registrationNs } from '../i18n/registration';

/**
 * Where a checked-in patient goes next, the same on the kiosk's slip and the status page: a new patient to
 * the registration counter with the KTP first (the admission, BPJS task 1), then everyone to the clinic.
 */
export function CheckedInNext({
  booking,
  className,
}: {
  booking: Pick<RegistrationStatusView, 'newPatient' | 'clinic'>;
  className?: string;
}) {
  const { t } = useTranslation(registrationNs);
  return (
    <>
      {booking.newPatient && (
        <p className={className}>
          <strong>{t('checkedIn.newPatient')}</strong>
        </p>
      )}
      <p className={className}>{t('checkedIn.next', { clinic: booking.clinic.name })}</p>
    </>
  );
}
