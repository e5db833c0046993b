import { createDecipheriv, createHash, createHmac } from 'node:crypto';
import LZString from 'lz-string';

/**
 * How to reach one of BPJS's services: Antrean RS (BPJS_ANTREAN_URL), Aplicares (BPJS_APLICARES_URL) or
 * VClaim (BPJS_VCLAIM_URL), all signed with the hospital's keys (BPJS_CONS_ID, _SECRET_KEY); each sends
 * its user key (BPJS_USER_KEY, VClaim its own BPJS_VCLAIM_USER_KEY).
 */
export interface BpjsLink {
  /** e.g. https://apijkn.bpjs-kesehatan.go.id/antreanrs, without the trailing slash. */
  baseUrl: string;
  consId: string;
  secretKey: string;
  userKey: string;
  timeoutMs: number;
}

/** What BPJS answered: its metadata and the decrypted `response` (undefined when it sent none). */
export interface BpjsAnswer {
  code: number;
  message: string;
  response: unknown;
}

/**
 * A call that did not succeed. `message` is safe to log and to show staff; it carries BPJS's own
 * words when BPJS refused, and never the secret key.
 */
export class BpjsError extends Error {
  constructor(
    message: string,
    /** BPJS's metadata code when it answered with a refusal. */
    readonly code?: number,
    /** BPJS's own words when it refused. */
    readonly said?: string,
  ) {
    super(message);
    this.name = 'BpjsError';
  }
}

/**
 * 200 is success; 208 is what BPJS answers to a booking or a task time it already holds, so that a
 * call repeated after a lost answer counts as delivered rather than failing for ever. The reference
 * lists answer 1.
 */
const SUCCESS = new Set([200, 208, 1]);

/** The signature headers: HMAC-SHA256 of `consid&timestamp` under the secret key, in base64. */
export function signatureHeaders(link: BpjsLink, timestamp: string): Record<string, string> {
  const signature = createHmac('sha256', link.secretKey)
    .update(`${link.consId}&${timestamp}`)
    .digest('base64');
  return {
    'x-cons-id': link.consId,
    'x-timestamp': timestamp,
    'x-signature': signature,
    user_key: link.userKey,
  };
}

/**
 * BPJS encrypts `response` with AES-256-CBC under SHA-256(consid + secret + timestamp), the first 16
 * bytes of that key as IV, over an LZ-string compressed JSON text. `timestamp` is the one the request
 * was signed with.
 */
export function decryptResponse(link: BpjsLink, timestamp: string, encrypted: string): unknown {
  const key = createHash('sha256').update(`${link.consId}${link.secretKey}${timestamp}`).digest();
  let text: string | null = null;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    const compressed = Buffer.concat([decipher.update(encrypted, 'base64'), decipher.final()]).toString(
      'utf8',
    );
    text = LZString.decompressFromEncodedURIComponent(compressed);
  } catch {
    // OpenSSL's words (`wrong final block length`) tell staff nothing: the message below does.
  }
  if (!text) throw new BpjsError('Jawaban BPJS tidak dapat dibuka (dekripsi gagal)');
  try {
    return JSON.parse(text);
  } catch {
    throw new BpjsError('Jawaban BPJS tidak dapat dibuka (isinya bukan JSON)');
  }
}

/** One call to BPJS: the request to make, relative to the service's base URL. */
export interface BpjsCall {
  /** VClaim's SEP update is a PUT, its delete a DELETE with a body. */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** Antrean RS and Aplicares name their envelope's metadata `metadata`; VClaim names it `metaData`. */
type Envelope = 'metadata' | 'metaData';

/**
 * A signed call and BPJS's envelope, read but not judged yet; `timestamp` is the one it was signed with.
 * Throws BpjsError when BPJS cannot be reached, answers late or answers something other than the
 * service's JSON envelope (`metadata` or `metaData`, and `response`).
 */
async function signedCall(
  link: BpjsLink,
  request: BpjsCall,
  now: () => number,
  envelope: Envelope = 'metadata',
) {
  const timestamp = String(Math.floor(now() / 1000));
  let metadata: { code?: unknown; message?: unknown };
  let response: unknown;
  try {
    const answered = await fetch(`${link.baseUrl}/${request.path}`, {
      method: request.method,
      headers: {
        ...signatureHeaders(link, timestamp),
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(link.timeoutMs),
    });
    const text = await answered.text();
    let answer: Record<string, unknown> | null;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new BpjsError(`BPJS menjawab HTTP ${answered.status} tanpa JSON`);
    }
    // JSON of another shape (`null`, a list, another service's envelope) is no answer of this service.
    const found = answer?.[envelope];
    if (typeof found !== 'object' || found === null) {
      throw new BpjsError(`BPJS menjawab HTTP ${answered.status} tanpa ${envelope}`);
    }
    metadata = found;
    response = answer?.response;
  } catch (err) {
    throw describe(err, link.timeoutMs);
  }
  // VClaim writes its codes as strings ("200"): read as numbers either way.
  const code = Number(metadata.code);
  const message = typeof metadata.message === 'string' ? metadata.message : '';
  return { timestamp, code, message, response };
}

/** BPJS refused: its code and its own words. */
const refusal = (code: number, message: string) =>
  new BpjsError(
    `BPJS menolak (${Number.isNaN(code) ? '?' : code}): ${message || 'tanpa pesan'}`,
    code,
    message,
  );

/** A `response` BPJS encrypted (a text) is opened; anything else is taken as it came. */
const opened = (link: BpjsLink, timestamp: string, response: unknown) =>
  typeof response === 'string' && response !== ''
    ? decryptResponse(link, timestamp, response)
    : (response ?? undefined);

/**
 * The one way to BPJS's Antrean RS service: a signed call, its answer decrypted. Throws BpjsError when
 * BPJS cannot be reached, answers late, answers something unreadable or refuses (a code other than
 * success), so that the outbox retries it.
 */
export async function callAntrean(
  link: BpjsLink,
  request: BpjsCall,
  now: () => number = Date.now,
): Promise<BpjsAnswer> {
  const { timestamp, code, message, response } = await signedCall(link, request, now);
  if (!SUCCESS.has(code)) throw refusal(code, message);
  return { code, message, response: opened(link, timestamp, response) };
}

/**
 * The way to BPJS's Aplicares service (bed availability): signed like Antrean RS; success is code 1.
 * Aplicares answers in plain JSON, but an encrypted `response` is opened too, in case BPJS aligns it
 * with Antrean RS.
 */
export async function callAplicares(
  link: BpjsLink,
  request: BpjsCall,
  now: () => number = Date.now,
): Promise<BpjsAnswer> {
  const { timestamp, code, message, response } = await signedCall(link, request, now);
  if (code !== 1) throw refusal(code, message);
  return { code, message, response: opened(link, timestamp, response) };
}

/**
 * The way to BPJS's VClaim service (participants, referrals): signed like Antrean RS, its `response`
 * encrypted the same way, its envelope named `metaData` with the code as a string. Success is 200; any
 * other code is a refusal (BpjsError with the code): 201 is how VClaim says it found nothing.
 */
export async function callVclaim(
  link: BpjsLink,
  request: BpjsCall,
  now: () => number = Date.now,
): Promise<BpjsAnswer> {
  const { timestamp, code, message, response } = await signedCall(link, request, now, 'metaData');
  if (code !== 200) throw refusal(code, message);
  return { code, message, response: opened(link, timestamp, response) };
}

function describe(err: unknown, timeoutMs: number): BpjsError {
  if (err instanceof BpjsError) return err;
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return new BpjsError(`BPJS tidak menjawab dalam ${timeoutMs} ms`);
  }
  const cause = (err as { cause?: { code?: string } }).cause;
  const code = cause?.code ?? (err as { code?: string }).code;
  return new BpjsError(`BPJS tidak dapat dihubungi${code ? ` (${code})` : ''}`);
}

/** Lists come as `{list: [...]}` or as a bare array after decryption; both are read. */
export function listOf(response: unknown): unknown[] {
  if (Array.isArray(response)) return response;
  const list = (response as { list?: unknown } | undefined)?.list;
  return Array.isArray(list) ? list : [];
}
