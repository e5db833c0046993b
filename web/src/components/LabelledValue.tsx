import { type ReactNode, useId } from 'react';

/** A value to note down (a code, a queue number) under its label, which names it for screen readers. */
export function LabelledValue({
  label,
  labelClassName,
  className,
  children,
}: {
  label: string;
  labelClassName: string;
  className: string;
  children: ReactNode;
}) {
  const labelId = useId();
  return (
    <>
      <p className={labelClassName} id={labelId}>
        {label}
      </p>
      <p className={className} aria-labelledby={labelId}>
        {children}
      </p>
    </>
  );
}
