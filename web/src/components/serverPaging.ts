import type { DataTablePageEvent } from 'primereact/datatable';

/** Page sizes of the staff lists. */
export const PAGE_SIZES = [10, 20, 50];

/**
 * DataTable props for a list that the server pages: the API counts pages from 1, the table counts
 * rows from 0.
 */
export function serverPaging(options: {
  page: number;
  pageSize: number;
  total: number | undefined;
  sizes?: number[];
  onPage: (page: number, pageSize: number) => void;
}) {
  return {
    lazy: true,
    paginator: true,
    first: (options.page - 1) * options.pageSize,
    rows: options.pageSize,
    totalRecords: options.total ?? 0,
    rowsPerPageOptions: options.sizes ?? PAGE_SIZES,
    onPage: (event: DataTablePageEvent) => options.onPage((event.page ?? 0) + 1, event.rows),
  };
}
