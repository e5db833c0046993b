import { Column } from 'primereact/column';
import type { ReactNode } from 'react';

// Where a report's table is narrow on the screen (a 1024 px laptop with the side menu open, a tablet), some
// columns are left out and their values shown under another column's (kunjungan.css). On paper every column
// keeps its place.

/** The class names of a column shown only where the table is wide. */
export const wideOnly = { headerClassName: 'report-wide', bodyClassName: 'report-wide' } as const;

interface ColumnOf<Row> {
  header: string;
  body: (row: Row) => ReactNode;
}

/**
 * Two columns side by side, `main` and `folded`: where the table is narrow, `folded`'s value goes on a line
 * under `main`'s instead of in a column of its own. `folded` is the left one of the two when it comes first.
 */
export function foldedColumns<Row>(
  main: ColumnOf<Row>,
  folded: ColumnOf<Row>,
  { comesFirst = false }: { comesFirst?: boolean } = {},
) {
  const columns = [
    <Column
      key="main"
      header={main.header}
      body={(row: Row) => (
        <>
          {main.body(row)}
          <span className="list-person-note report-narrow">{folded.body(row)}</span>
        </>
      )}
    />,
    <Column key="folded" header={folded.header} body={folded.body} {...wideOnly} />,
  ];
  return comesFirst ? columns.reverse() : columns;
}
