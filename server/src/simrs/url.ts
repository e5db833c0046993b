// The SIMRS's address, `mysql://user:password@host:port/database`: checked by the configuration at start
// and by the client, without loading the driver.

export interface SimrsTarget {
  host: string;
  port: number;
  user: string;
  password: string | undefined;
  database: string;
}

/** A SIMRS URL that cannot be used: the message says why, in the words an operator reads. */
export class SimrsUrlError extends Error {}

const example = 'contoh: mysql://portal:sandi@10.0.0.5:3306/simrs';

/** The parts of a `mysql://` URL; throws `SimrsUrlError` for anything else. */
export function parseSimrsUrl(text: string): SimrsTarget {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SimrsUrlError(`bukan URL yang sah (${example})`);
  }
  if (url.protocol !== 'mysql:')
    throw new SimrsUrlError(
      `harus berupa URL mysql:// (MariaDB atau MySQL), bukan ${url.protocol}// (${example})`,
    );
  if (url.hostname === '') throw new SimrsUrlError(`tanpa nama host (${example})`);
  const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (database === '' || database.includes('/'))
    throw new SimrsUrlError(`harus menyebut satu basis data di ujungnya (${example})`);
  if (url.search !== '' || url.hash !== '')
    throw new SimrsUrlError('tidak menerima parameter (?… atau #…) di URL');
  if (url.username === '') throw new SimrsUrlError(`tanpa nama pengguna (${example})`);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? 3306 : Number(url.port),
    user: decodeURIComponent(url.username),
    password: url.password === '' ? undefined : decodeURIComponent(url.password),
    database,
  };
}

/** The URL as logs and messages may show it: without its password. */
export function simrsUrlForDisplay(text: string): string {
  try {
    const url = new URL(text);
    if (url.password === '') return text;
    url.password = '***';
    return url.toString();
  } catch {
    return text.replace(/:[^:@/]*@/, ':***@');
  }
}
