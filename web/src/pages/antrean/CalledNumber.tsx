import { type ReactNode, useId } from 'react';

/**
 * The number a desk has called, large, announced to screen readers as it changes, with the desk's buttons
 * beside it: the clinic's desk and the admission counter show their call alike.
 */
export function CalledNumber({
  label,
  number,
  detail,
  none,
  children,
}: {
  label: string;
  /** The number called, or null before the first call. */
  number: string | null;
  /** Who was called, under the number. */
  detail?: ReactNode;
  /** Said in the number's place before the first call. */
  none: string;
  /** The desk's buttons. */
  children: ReactNode;
}) {
  const labelId = useId();
  return (
    <div className="queue-call">
      <div className="queue-called" role="status" aria-labelledby={labelId}>
        <span id={labelId} className="queue-called-label">
          {label}
        </span>
        {number ? (
          <>
            <strong className="queue-called-number">{number}</strong>
            {detail && <span>{detail}</span>}
          </>
        ) : (
          <span>{none}</span>
        )}
      </div>
      <div className="queue-call-actions">{children}</div>
    </div>
  );
}
