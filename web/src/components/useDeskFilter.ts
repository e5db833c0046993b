import { useSearchParams } from 'react-router';
import { positiveInt, useQueryWriter } from './useUrlParam';
import { useUrlSearch } from './useUrlSearch';

/** Page sizes of the staff lists. */
export const PAGE_SIZES: readonly number[] = [10, 20, 50];
export const DEFAULT_PAGE_SIZE = 20;
/** A filter holding a date (`from`, `to`). */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What a filter may hold: one of a list of values, or text of a shape. */
type Allowed = readonly string[] | RegExp;
export type FilterValues<Spec extends Record<string, Allowed>> = {
  [Name in keyof Spec]: (Spec[Name] extends readonly (infer Value)[] ? Value : string) | null;
};

/** The paging of a list that the server pages (the API counts pages from 1). */
export interface ServerPaging {
  page: number;
  pageSize: number;
  total: number | undefined;
  sizes: readonly number[];
  onPage: (page: number, pageSize: number) => void;
}

function allows(allowed: Allowed, value: string): boolean {
  return typeof allowed === 'object' && 'test' in allowed ? allowed.test(value) : allowed.includes(value);
}

/**
 * A desk list's filters and page, kept in the URL (`?status=failed&page=2`) so that a reload, a shared link
 * and the back button keep them. A value the spec does not allow reads as no filter; changing a filter goes
 * back to the first page, and the first page and the default size stay out of the URL.
 */
export function useDeskFilter<Spec extends Record<string, Allowed>>(
  spec: Spec,
  {
    sizes = PAGE_SIZES,
    defaultSize = DEFAULT_PAGE_SIZE,
  }: { sizes?: readonly number[]; defaultSize?: number } = {},
) {
  const [params] = useSearchParams();
  const write = useQueryWriter();
  const filter = Object.fromEntries(
    Object.entries(spec).map(([name, allowed]) => {
      const value = params.get(name);
      return [name, value !== null && allows(allowed, value) ? value : null];
    }),
  ) as FilterValues<Spec>;
  const page = positiveInt(params.get('page')) ?? 1;
  const requestedSize = positiveInt(params.get('pageSize'));
  const pageSize = requestedSize !== null && sizes.includes(requestedSize) ? requestedSize : defaultSize;

  /** Changes the URL; each change is a step the back button undoes. */
  const navigate = (changes: Record<string, string | null>) =>
    write((next) => {
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) next.delete(name);
        else next.set(name, value);
      }
    });

  /** Sets one filter (empty text or null clears it) and goes back to the first page. */
  const setFilter = <Name extends keyof Spec & string>(name: Name, value: FilterValues<Spec>[Name] | '') =>
    navigate({ [name]: (value || null) as string | null, page: null });

  return {
    filter,
    page,
    pageSize,
    setFilter,
    /** A `FilterSelect` of one filter: `<FilterSelect {...desk.select('status')} …>`. */
    select: <Name extends keyof Spec & string>(name: Name) => ({
      value: filter[name],
      onChange: (value: FilterValues<Spec>[Name]) => setFilter(name, value),
    }),
    /** Changes other URL parameters of the page, going back to the first page. */
    navigate: (changes: Record<string, string | null>) => navigate({ ...changes, page: null }),
    /** The paging of the list for `DeskTable`, given the total the server counted. */
    paging: (total: number | undefined): ServerPaging => ({
      page,
      pageSize,
      total,
      sizes,
      onPage: (nextPage, nextSize) =>
        navigate({
          page: nextPage === 1 ? null : String(nextPage),
          pageSize: nextSize === defaultSize ? null : String(nextSize),
        }),
    }),
  };
}

/** A new search term starts again on the first page. */
const NEW_SEARCH_RESETS = ['page'] as const;

/** The search box of a list that `useDeskFilter` pages: its term in the URL (`?q=`) beside the filters. */
export function useDeskSearch() {
  return useUrlSearch({ resets: NEW_SEARCH_RESETS });
}
