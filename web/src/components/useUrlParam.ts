import { useContext } from 'react';
import { UNSAFE_DataRouterContext, useSearchParams } from 'react-router';

/** A number the URL holds (`?poli=3`, `?page=2`): a whole number above zero, else none. */
export function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/**
 * Writes the page's query, starting from the query as it is now. React Router's `setSearchParams(update)` hands
 * `update` the query of the render that made it, so two changes before the next render (a search written after
 * a pause in typing, a filter chosen meanwhile) kept only the later one (remix-run/react-router#9757, "not
 * supported" by design). The router's own state has every navigation made so far.
 */
export function useQueryWriter() {
  const [, setParams] = useSearchParams();
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return (change: (params: URLSearchParams) => void, options?: { replace?: boolean }) =>
    setParams((rendered) => {
      const next = new URLSearchParams(dataRouter ? dataRouter.router.state.location.search : rendered);
      change(next);
      return next;
    }, options);
}

/**
 * One parameter of the page's URL as state, so that a reload or a shared link opens the same view. Setting it
 * to null or '' takes it out of the URL; `replace` changes the URL without a step for the back button.
 */
export function useUrlParam(name: string, { replace = false }: { replace?: boolean } = {}) {
  const [params] = useSearchParams();
  const write = useQueryWriter();
  const set = (value: string | null) =>
    write(
      (next) => {
        if (value) next.set(name, value);
        else next.delete(name);
      },
      { replace },
    );
  return [params.get(name), set] as const;
}

/** The open tab of a TabView, kept in the URL (`?tab=`); the first tab stays out of it. */
export function useUrlTab(tabs: readonly string[]) {
  const [tab, setTab] = useUrlParam('tab');
  return {
    activeIndex: Math.max(
      tabs.findIndex((name) => name === tab),
      0,
    ),
    onTabChange: ({ index }: { index: number }) => setTab(index === 0 ? null : (tabs[index] ?? null)),
  };
}
