import './DeskTable.css';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Tag, type TagProps } from 'primereact/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from './serverErrors';
import type { ServerPaging } from './useDeskFilter';

/** What a list query answers: the whole list, or one page of it with the total the server counted. */
type ListData<Row> = readonly Row[] | { items: readonly Row[]; total: number };

/** The query behind a list (a TanStack Query result fits). */
interface ListQuery<Row> {
  data: ListData<Row> | undefined;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

interface DeskTableProps<Row> {
  query: ListQuery<Row>;
  /** The rows to show when they are not the query's as they came (sorted, say). */
  rows?: readonly Row[];
  /** What an empty list says once it has loaded. */
  emptyMessage: string;
  /** The id of the heading that names the table. */
  labelledBy?: string;
  /** The filters and page of a list the server pages (`useDeskFilter`). */
  desk?: { paging: (total: number | undefined) => ServerPaging };
  /** A whole list paged here, when it is longer than this. */
  pageSize?: number;
  dataKey?: string;
  className?: string;
  children: ReactNode;
}

/**
 * The table of a desk or a reference list: named by its heading, small and striped, "loading" until the first
 * rows arrive, its empty message once they have, and, when loading fails, the reason and a way to try again
 * (never an empty list that is not). Paged by the server (`desk`) or here (`pageSize`).
 */
export function DeskTable<Row extends object>({
  query,
  rows,
  emptyMessage,
  labelledBy,
  desk,
  pageSize,
  dataKey = 'id',
  className,
  children,
}: DeskTableProps<Row>) {
  const { t } = useTranslation();
  const { data } = query;
  const page = data !== undefined && 'items' in data ? data : undefined;
  const shown = rows ?? page?.items ?? (data as readonly Row[] | undefined);
  const value = (shown ?? []) as Row[];
  const paging = desk?.paging(page?.total);
  const pagingProps = paging
    ? {
        lazy: true,
        paginator: true,
        first: (paging.page - 1) * paging.pageSize,
        rows: paging.pageSize,
        totalRecords: paging.total ?? 0,
        rowsPerPageOptions: [...paging.sizes],
        onPage: (event: DataTablePageEvent) => paging.onPage((event.page ?? 0) + 1, event.rows),
      }
    : pageSize === undefined
      ? {}
      : { paginator: value.length > pageSize, rows: pageSize };

  return (
    <>
      {query.error && (
        <div className="desk-table-error" role="alert">
          <Message severity="error" text={errorText(query.error)} />
          <Button
            type="button"
            size="small"
            outlined
            icon="pi pi-refresh"
            label={t('deskTable.retry')}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          />
        </div>
      )}
      <DataTable
        value={value}
        dataKey={dataKey}
        {...pagingProps}
        loading={query.isFetching}
        emptyMessage={
          query.error && shown === undefined
            ? t('deskTable.notLoaded')
            : query.isPending
              ? t('common.loading')
              : emptyMessage
        }
        size="small"
        stripedRows
        className={className}
        pt={labelledBy ? { table: { 'aria-labelledby': labelledBy } } : undefined}
      >
        {children}
      </DataTable>
    </>
  );
}

// DataTable reads its columns' props, so these give Column elements rather than wrap them in components.

/** A column of status tags. */
export function tagColumn<Row>(
  header: string,
  tag: (row: Row) => { severity: TagProps['severity']; value: string },
) {
  return <Column header={header} body={(row: Row) => <Tag {...tag(row)} />} />;
}

/** A column of buttons that open a row, each named for its row by `ariaLabel`. */
export function openColumn<Row>(
  header: string,
  {
    label,
    ariaLabel,
    onOpen,
  }: { label: string; ariaLabel: (row: Row) => string; onOpen: (row: Row) => void },
) {
  return (
    <Column
      header={header}
      body={(row: Row) => (
        <Button
          type="button"
          size="small"
          outlined
          label={label}
          aria-label={ariaLabel(row)}
          onClick={() => onOpen(row)}
        />
      )}
    />
  );
}
