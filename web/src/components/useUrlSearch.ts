import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useQueryWriter } from './useUrlParam';
export const SEARCH_DELAY_MS = 300;

interface Options {
  /** The query parameter holding the term. */
  param?: string;
  /** Parameters that no longer apply to a new term (the page number); a constant, not a new array each render. */
  resets?: readonly string[];
}

/**
 * A search box whose term lives in the URL (`?q=`), so that a reload, a shared link and the back button keep
 * it. The box shows every keystroke at once; the URL, and so the query, follows after a short pause in typing.
 * The URL is replaced, not pushed: back leaves the page instead of undoing keystrokes.
 */
const none: readonly string[] = [];

export function useUrlSearch({ param = 'q', resets = none }: Options = {}) {
  const [params] = useSearchParams();
  const write = useQueryWriter();
  const term = params.get(param) ?? '';
  const [text, setText] = useState(term);
  // The term this box wrote last; any other change of the URL (back, forward, a link) replaces the text.
  const [written, setWritten] = useState(term);
  const [shownTerm, setShownTerm] = useState(term);
  if (term !== shownTerm) {
    setShownTerm(term);
    if (term !== written) setText(term);
  }

  useEffect(() => {
    const next = text.trim();
    if (next === term) return;
    const timer = setTimeout(() => {
      setWritten(next);
      write(
        (updated) => {
          if (next) updated.set(param, next);
          else updated.delete(param);
          for (const name of resets) updated.delete(name);
        },
        { replace: true },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, term, param, resets, write]);

  return { text, setText, term };
}
