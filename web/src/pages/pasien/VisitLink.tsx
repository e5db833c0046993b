import { Button } from 'primereact/button';

/** The button that opens a visit's details: the registration number itself. */
export function VisitLink({
  registrationNo,
  onOpen,
}: {
  registrationNo: string;
  onOpen: (no: string) => void;
}) {
  return (
    <Button
      type="button"
      link
      className="patient-visit-link"
      label={registrationNo}
      onClick={() => onOpen(registrationNo)}
    />
  );
}
