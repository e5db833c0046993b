import './orders.css';
import type { ReactNode } from 'react';

interface Props {
  /** Names the section and the table in it (`DeskTable labelledBy`). */
  headingId: string;
  title: string;
  /** The list's filters, laid out above the table. */
  filters?: ReactNode;
  children: ReactNode;
}

/** A desk's list: a card with its heading and, above the table, its filters. */
export function DeskSection({ headingId, title, filters, children }: Props) {
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {filters && <div className="desk-filters">{filters}</div>}
      {children}
    </section>
  );
}
