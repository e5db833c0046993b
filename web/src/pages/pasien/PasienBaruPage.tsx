import { PrimeScope } from '../../components/PrimeScope';
import { PatientForm } from './PatientForm';

/** A walk-in patient registered at the counter. */
export default function PasienBaruPage() {
  return (
    <PrimeScope>
      <PatientForm patient={null} />
    </PrimeScope>
  );
}
