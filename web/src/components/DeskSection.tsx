import './orders.css';
import { type ReactNode, useId } from 'react';
import { DeskTable, type ListQuery, type ServerPagedDesk } from './DeskTable';

interface Props<Row> {
  title: string;
  /** The list's filters, laid out above the table. */
  filters?: ReactNode;
  query: ListQuery<Row>;
  desk: ServerPagedDesk;
  emptyMessage: string;
  /** The table's columns. */
  children: ReactNode;
}

/** A desk's list: a card with its heading, its filters, and the table (paged by the server) that it names. */
export function DeskSection<Row extends object>({ title, filters, children, ...table }: Props<Row>) {
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {filters && <div className="desk-filters">{filters}</div>}
      <DeskTable labelledBy={headingId} {...table}>
        {children}
      </DeskTable>
    </section>
  );
}
