/** The page of this portal that asked for the login (`next`), or null when there is none to go back to. */
export function nextPath(next: string | null, origin = window.location.origin): string | null {
  // "//host" and "/\host" are other sites to a browser, though they start with a slash.
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  const url = new URL(next, origin);
  if (url.origin !== origin || url.pathname === '/auth') return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
