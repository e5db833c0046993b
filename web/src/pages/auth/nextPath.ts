/** Where to go after logging in: `next` when it is a page of this portal, otherwise the dashboard. */
export function nextPath(next: string | null, origin = window.location.origin): string {
  // "//host" and "/\host" are other sites to a browser, though they start with a slash.
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  const url = new URL(next, origin);
  if (url.origin !== origin || url.pathname === '/auth') return '/';
  return `${url.pathname}${url.search}${url.hash}`;
}
