/**
 * The legacy portal used hash URLs (`/#/ambulance?x=1`). Returns the path URL of the same page
 * (`/ambulance?x=1`), or null when the hash is not such a URL.
 */
export function legacyHashTarget(hash: string): string | null {
  if (!hash.startsWith('#/')) return null;
  // One leading slash only: `#//host` must stay on this site instead of becoming a protocol-relative URL.
  return `/${hash.slice(2).replace(/^\/+/, '')}`;
}
