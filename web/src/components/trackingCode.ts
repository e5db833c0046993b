/** `7KQ49XHT` → `7KQ4-9XHT`: easier to read out over the phone. */
export function formatTrackingCode(code: string): string {
  const plain = code.replace(/-/g, '').toUpperCase();
  return plain.length === 8 ? `${plain.slice(0, 4)}-${plain.slice(4)}` : code;
}

/** The status page of a code, with the phone that proves the right to see it. */
export function trackPath(route: string, code: string, phone: string): string {
  return `/${route}/lacak?${new URLSearchParams({ kode: formatTrackingCode(code), hp: phone })}`;
}
