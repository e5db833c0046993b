import { BlockList, isIP } from 'node:net';

/**
 * A list of addresses and CIDR ranges (`203.0.113.7, 198.51.100.0/24`), IPv4 or IPv6, each checked; answers
 * the list, or the message for the first entry that is neither.
 */
export function parseAddressList(value: string): { entries: string[] } | { error: string } {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || rest.length > 0)
      return {
        error: `"${entry}" bukan alamat IP atau rentang CIDR (contoh: 203.0.113.7 atau 203.0.113.0/24)`,
      };
  }
  return { entries };
}

/** Whether `address` (as a request's `ip`, perhaps an IPv4-mapped IPv6 one) is within `entries`. */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    const plain = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}
