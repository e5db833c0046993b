import './lists.css';
import type { ReactNode } from 'react';

/** The toolbar above a list: its search box, filters and buttons, then how many rows were found. */
export function DeskToolbar({
  count,
  className,
  children,
}: {
  /** How many rows were found ("12 tarif"); left out until the list has loaded. */
  count?: string;
  /** Classes besides `list-toolbar`. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `list-toolbar ${className}` : 'list-toolbar'}>
      {children}
      {count !== undefined && (
        <p className="list-count" aria-live="polite">
          {count}
        </p>
      )}
    </div>
  );
}
