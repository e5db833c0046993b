import './DeskTable.css';
import './lists.css';
import { Button } from 'primereact/button';
import { Column, type ColumnProps } from 'primereact/column';
import { Message } from 'primereact/message';
import { Tag, type TagProps } from 'primereact/tag';
import { Children, Fragment, isValidElement, type ReactElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateOf, formatTime } from '../i18n/format';
import { RowButton, type RowButtonProps } from './RowButton';
import { errorText } from './serverErrors';
import { formatTrackingCode } from './trackingCode';
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

/** The state of rows already at hand (a part of a larger answer the page has loaded). */
export const loadedQuery: QueryState = {
  isPending: false,
  isFetching: false,
  error: null,
  refetch: () => undefined,
};

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
  children: ReactNode;
};

/**
 * The table of a desk or a reference list: named by its heading, small and striped, "loading" until the first
 * rows arrive, its empty message once they have, and, when loading fails, the reason and a way to try again
 * (never an empty list that is not). Paged by the server (`desk`) or here (`pageSize`); a list paged here is
 * printed whole, one paged by the server says on paper which of its rows the sheet holds.
 *
 * A plain table drawn with the theme's table classes, its columns given as PrimeReact `<Column>` elements
 * (header, field or body, class names): PrimeReact's DataTable would weigh some 50 KB on every desk's first
 * view for features no desk uses.
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
  } = props;
  const { t } = useTranslation();
  const [localPage, setLocalPage] = useState(1);
  // Rows given beside the query stand for its answer, which need not be a list (`data?.rows`).
  const data = 'rows' in props ? undefined : (query as ListQuery<Row>).data;
  const page = data !== undefined && 'items' in data ? data : undefined;
  const shown = props.rows ?? page?.items ?? (data as readonly Row[] | undefined);
  const all = shown ?? [];
  const paging = desk?.paging(page?.total);
  const columns = columnsOf(props.children);

  // A whole list paged here: the page asked for, or the last one when the list has shrunk since. Its
  // other pages' rows are there too, hidden on the screen: on paper the whole list is printed.
  const localPages = pageSize === undefined || paging ? 1 : Math.max(1, Math.ceil(all.length / pageSize));
  const current = Math.min(localPage, localPages);
  const onPage = (rowIndex: number) =>
    localPages === 1 || Math.floor(rowIndex / (pageSize ?? 1)) + 1 === current;
  const pager = paging
    ? (paging.total ?? 0) > 0 && (
        <Pager
          page={paging.page}
          pages={Math.max(1, Math.ceil((paging.total ?? 0) / paging.pageSize))}
          pageSize={paging.pageSize}
          sizes={paging.sizes}
          onPage={paging.onPage}
        />
      )
    : localPages > 1 && <Pager page={current} pages={localPages} onPage={setLocalPage} />;
  // On paper the page links are left out: which rows of how many the sheet holds is said instead (a list
  // paged here is printed whole).
  const sheetPages = paging ? Math.ceil((paging.total ?? 0) / paging.pageSize) : 1;

  const empty =
    query.error && shown === undefined
      ? t('deskTable.notLoaded')
      : query.isPending
        ? t('common.loading')
        : emptyMessage;
  return (
    <>
      <QueryError query={query} />
      <div
        className={`p-datatable p-component p-datatable-sm p-datatable-striped desk-table${className ? ` ${className}` : ''}`}
      >
        <div className="p-datatable-wrapper">
          <table
            className="p-datatable-table"
            aria-labelledby={labelledBy}
            aria-label={labelledBy ? undefined : label}
            aria-busy={query.isFetching}
          >
            <thead className="p-datatable-thead">
              <tr>
                {columns.map((column, index) => (
                  <th key={index} scope="col" className={column.headerClassName}>
                    <div className="p-column-header-content">
                      <span className="p-column-title">{column.header as ReactNode}</span>
                    </div>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="p-datatable-tbody">
              {all.length === 0 ? (
                <tr className="p-datatable-emptymessage">
                  <td colSpan={columns.length}>{empty}</td>
                </tr>
              ) : (
                all.map((row, rowIndex) => (
                  <tr
                    key={String(valueAt(row, dataKey) ?? rowIndex)}
                    className={rowClasses(rowIndex, {
                      ...rowClassName?.(row),
                      'desk-other-page': !onPage(rowIndex),
                    })}
                    hidden={!onPage(rowIndex)}
                  >
                    {columns.map((column, index) => (
                      <td key={index} className={classOf(column.bodyClassName, row)}>
                        {cellOf(column, row, rowIndex)}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        {query.isFetching && (
          <div className="p-datatable-loading-overlay p-component-overlay">
            <i className="p-datatable-loading-icon pi pi-spinner pi-spin" aria-hidden="true" />
          </div>
        )}
        {pager}
        {paging && sheetPages > 1 && all.length > 0 && (
          <p className="desk-table-sheet">
            {t('deskTable.pages.printed', {
              page: paging.page,
              pages: sheetPages,
              from: (paging.page - 1) * paging.pageSize + 1,
              to: (paging.page - 1) * paging.pageSize + all.length,
              total: paging.total ?? 0,
            })}
          </p>
        )}
      </div>
    </>
  );
}

/** The `<Column>` elements among the children, in order: arrays and fragments opened, false and null left out. */
function columnsOf(children: ReactNode): ColumnProps[] {
  return Children.toArray(children).flatMap((child) => {
    if (!isValidElement(child)) return [];
    const element = child as ReactElement<{ children?: ReactNode } & ColumnProps>;
    return element.type === Fragment ? columnsOf(element.props.children) : [element.props];
  });
}

function cellOf(column: ColumnProps, row: object, rowIndex: number): ReactNode {
  if (typeof column.body === 'function')
    return column.body(row, { rowIndex, field: column.field ?? '' } as never) as ReactNode;
  if (column.body !== undefined) return column.body as ReactNode;
  return column.field ? (valueAt(row, column.field) as ReactNode) : null;
}

/** A row's value at a path of fields (`staff.id`). */
const valueAt = (row: object, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], row);

function classOf(className: ColumnProps['bodyClassName'], row: object): string | undefined {
  return typeof className === 'function' ? className(row, {} as never) : className;
}

function rowClasses(index: number, extra: Record<string, boolean> | undefined): string {
  const names = [index % 2 === 1 ? 'p-row-odd' : ''];
  for (const [name, on] of Object.entries(extra ?? {})) if (on) names.push(name);
  return names.filter(Boolean).join(' ');
}

/** The page links under a table: first, previous, up to five pages around this one, next, last, and the size. */
function Pager({
  page,
  pages,
  pageSize,
  sizes,
  onPage,
}: {
  page: number;
  pages: number;
  pageSize?: number;
  sizes?: readonly number[];
  onPage: (page: number, pageSize: number) => void;
}) {
  const { t } = useTranslation();
  const size = pageSize ?? 0;
  const from = Math.max(1, Math.min(page - 2, pages - 4));
  const shownPages = Array.from({ length: Math.min(5, pages) }, (_, index) => from + index);
  const step = (
    to: number,
    kind: 'first' | 'prev' | 'next' | 'last',
    label: string,
    icon: string,
    disabled: boolean,
  ) => (
    <button
      type="button"
      className={`p-paginator-${kind} p-paginator-element p-link${disabled ? ' p-disabled' : ''}`}
      aria-label={label}
      disabled={disabled}
      onClick={() => onPage(to, size)}
    >
      <i className={`pi ${icon}`} aria-hidden="true" />
    </button>
  );
  return (
    <nav className="p-paginator p-component p-paginator-bottom" aria-label={t('deskTable.pages.label')}>
      {step(1, 'first', t('deskTable.pages.first'), 'pi-angle-double-left', page <= 1)}
      {step(page - 1, 'prev', t('deskTable.pages.previous'), 'pi-angle-left', page <= 1)}
      <span className="p-paginator-pages">
        {shownPages.map((n) => (
          <button
            key={n}
            type="button"
            className={`p-paginator-page p-paginator-element p-link${n === page ? ' p-highlight' : ''}`}
            aria-label={t('deskTable.pages.page', { page: n })}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onPage(n, size)}
          >
            {n}
          </button>
        ))}
      </span>
      {step(page + 1, 'next', t('deskTable.pages.next'), 'pi-angle-right', page >= pages)}
      {step(pages, 'last', t('deskTable.pages.last'), 'pi-angle-double-right', page >= pages)}
      {sizes && sizes.length > 1 && (
        <select
          className="p-inputtext p-component desk-table-size"
          aria-label={t('deskTable.pages.rowsPerPage')}
          value={size}
          onChange={(event) => onPage(1, Number(event.target.value))}
        >
          {sizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      )}
    </nav>
  );
}

// The table reads its columns' props, so these give Column elements rather than wrap them in components.

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

/** A column of short names that read as one, each kept on one line (a care class: "Kelas III"). */
export function oneLineColumn<Row>(header: string, text: (row: Row) => string) {
  return <Column header={header} body={text} bodyClassName="list-one-line" />;
}

/** A column of tracking codes, each kept on one line (a code broken after its dash reads as two). */
export function codeColumn<Row>(header: string, code: (row: Row) => string) {
  return (
    <Column header={header} body={(row: Row) => formatTrackingCode(code(row))} bodyClassName="list-code" />
  );
}

/** A column of days or moments, each as `show` writes it in a `<time>`; `none` where a row has none. */
function timeColumn<Row>(
  header: string,
  at: (row: Row) => string | null,
  none: string,
  show: (value: string) => ReactNode,
) {
  return (
    <Column
      header={header}
      body={(row: Row) => {
        const value = at(row);
        return value === null ? none : <time dateTime={value}>{show(value)}</time>;
      }}
    />
  );
}

/** A column of calendar days, each kept on one line ("22 Jun / 1971" reads as two things). */
export function dateColumn<Row>(header: string, at: (row: Row) => string | null, none = '') {
  return timeColumn(header, at, none, (date) => <span className="list-date">{formatDate(date)}</span>);
}

/**
 * A column of moments: each date kept on one line, its time after it or on the next line ("29 Nov / 2026 /
 * 15.22" down a narrow column reads as three things). A row without its moment shows `none` (a stay not yet
 * ended: "Masih dirawat").
 */
export function dateTimeColumn<Row>(header: string, at: (row: Row) => string | null, none = '') {
  return timeColumn(header, at, none, (iso) => <MomentText iso={iso} />);
}

/** A moment in a list: its date kept on one line, its time after it or on the next line. */
export function MomentText({ iso }: { iso: string }) {
  return (
    <>
      <span className="list-date">{formatDateOf(iso)}</span> {formatTime(iso)}
    </>
  );
}

/** The class names of a column shown only where its table is wide on the screen (see `foldedColumns`). */
export const wideOnly = { headerClassName: 'desk-wide', bodyClassName: 'desk-wide' } as const;

interface ColumnOf<Row> {
  header: string;
  body: (row: Row) => ReactNode;
}

/**
 * Two columns side by side, `main` and `folded`: where the table is narrow on the screen (a 1024 px laptop
 * with the side menu open, a tablet), `folded`'s value goes on a line under `main`'s instead of in a column
 * of its own, so that the table fits its card. On paper both columns keep their place. `folded` is the left
 * one of the two when it comes first.
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
          <span className="list-person-note desk-narrow">{folded.body(row)}</span>
        </>
      )}
    />,
    <Column key="folded" header={folded.header} body={folded.body} {...wideOnly} />,
  ];
  return comesFirst ? columns.reverse() : columns;
}

/** The cells of a column of buttons: laid out for buttons, and the whole column left out on paper (`print-omit`). */
export const actionCells = {
  headerClassName: 'print-omit',
  bodyClassName: 'list-actions print-omit',
} as const;

/** A column of the buttons that act on a row (none where the row offers none), each named for its row. */
export function actionsColumn<Row>(header: string, buttons: (row: Row) => readonly RowButtonProps[]) {
  return (
    <Column
      header={header}
      {...actionCells}
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
