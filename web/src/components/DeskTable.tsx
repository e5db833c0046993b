import './DeskTable.css';
import './lists.css';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTablePageEvent } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Tag, type TagProps } from 'primereact/tag';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowButton, type RowButtonProps } from './RowButton';
import { errorText } from './serverErrors';
import type { ServerPaging } from './useDeskFilter';

/** What a list query answers: the whole list, or one page of it with the total the server counted. */
type ListData<Row> = readonly Row[] | { items: readonly Row[]; total: number };

/** How the query behind a list is doing (a TanStack Query result fits). */
interface QueryState {
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export interface ListQuery<Row> extends QueryState {
  data: ListData<Row> | undefined;
}

/** What pages a list on the server: its filters and page (`useDeskFilter`). */
export interface ServerPagedDesk {
  paging: (total: number | undefined) => ServerPaging;
}

/** The rows come from the query's answer as it came, or are given beside the query. */
type RowSource<Row> =
  | { query: ListQuery<Row>; rows?: undefined }
  | {
      query: QueryState;
      /**
       * The rows to show when they are not the query's answer as it came: sorted, or the list inside a larger
       * answer (`data?.rows`); undefined until the answer has come.
       */
      rows: readonly Row[] | undefined;
    };

type DeskTableProps<Row> = RowSource<Row> & {
  /** What an empty list says once it has loaded. */
  emptyMessage: string;
  /** The id of the heading that names the table. */
  labelledBy?: string;
  /** The table's name, when no heading names it. */
  label?: string;
  /** The filters and page of a list the server pages (`useDeskFilter`). */
  desk?: ServerPagedDesk;
  /** A whole list paged here, when it is longer than this. */
  pageSize?: number;
  dataKey?: string;
  className?: string;
  rowClassName?: (row: Row) => Record<string, boolean>;
  /** False when a row's cells show more than the row (pending requests, the row's place in the list). */
  cellMemo?: boolean;
  children: ReactNode;
};

/**
 * The table of a desk or a reference list: named by its heading, small and striped, "loading" until the first
 * rows arrive, its empty message once they have, and, when loading fails, the reason and a way to try again
 * (never an empty list that is not). Paged by the server (`desk`) or here (`pageSize`).
 */
export function DeskTable<Row extends object>(props: DeskTableProps<Row>) {
  const {
    query,
    emptyMessage,
    labelledBy,
    label,
    desk,
    pageSize,
    dataKey = 'id',
    className,
    rowClassName,
    cellMemo = true,
    children,
  } = props;
  const { t } = useTranslation();
  // Rows given beside the query stand for its answer, which need not be a list (`data?.rows`).
  const data = 'rows' in props ? undefined : (query as ListQuery<Row>).data;
  const page = data !== undefined && 'items' in data ? data : undefined;
  const shown = props.rows ?? page?.items ?? (data as readonly Row[] | undefined);
  const value = (shown ?? []) as Row[];
  const paging = desk?.paging(page?.total);
  const pagingProps = paging
    ? {
        lazy: true,
        // Nothing to page through: no page links, no page size to choose (a disabled control nobody can read).
        paginator: (paging.total ?? 0) > 0,
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
      <QueryError query={query} />
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
        rowClassName={rowClassName}
        cellMemo={cellMemo}
        pt={tableName(labelledBy, label)}
      >
        {children}
      </DataTable>
    </>
  );
}

function tableName(labelledBy: string | undefined, label: string | undefined) {
  if (labelledBy) return { table: { 'aria-labelledby': labelledBy } };
  return label ? { table: { 'aria-label': label } } : undefined;
}

// DataTable reads its columns' props, so these give Column elements rather than wrap them in components.

/** A column of status tags. */
export function tagColumn<Row>(
  header: string,
  tag: (row: Row) => { severity: TagProps['severity']; value: string },
) {
  return <Column header={header} body={(row: Row) => <Tag {...tag(row)} />} />;
}

/** A column of text worked out from each row (a field shown as it is needs none: `<Column field>`). */
export function textColumn<Row>(header: string, text: (row: Row) => string) {
  return <Column header={header} body={text} />;
}

/** A column of the buttons that act on a row (none where the row offers none), each named for its row. */
export function actionsColumn<Row>(header: string, buttons: (row: Row) => readonly RowButtonProps[]) {
  return (
    <Column
      header={header}
      bodyClassName="list-actions"
      // A row's buttons come in a fixed order, so their place is a stable key.
      body={(row: Row) => buttons(row).map((button, index) => <RowButton key={index} {...button} />)}
    />
  );
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
  return actionsColumn(header, (row: Row) => [
    { label, 'aria-label': ariaLabel(row), onClick: () => onOpen(row) },
  ]);
}

/** Why a query failed, with a button that asks again; nothing while it has not failed. */
export function QueryError({ query }: { query: QueryState }) {
  const { t } = useTranslation();
  if (!query.error) return null;
  return (
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
  );
}
