/** Labelled values of a record, each label above its value, in as many columns as fit (`className` changes that). */
export function FactList({ facts, className }: { facts: readonly [string, string][]; className?: string }) {
  return (
    <dl className={className ? `patient-identity ${className}` : 'patient-identity'}>
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
