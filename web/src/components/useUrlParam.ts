import { useSearchParams } from 'react-router';

/** A number the URL holds (`?poli=3`, `?page=2`): a whole number above zero, else none. */
export function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/**
 * One parameter of the page's URL as state, so that a reload or a shared link opens the same view. Setting it
 * to null or '' takes it out of the URL; `replace` changes the URL without a step for the back button.
 */
export function useUrlParam(name: string, { replace = false }: { replace?: boolean } = {}) {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
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
