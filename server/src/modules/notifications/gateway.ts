/** Where and how to reach the WhatsApp gateway (WHATSAPP_GATEWAY_URL, _TOKEN, _TIMEOUT_MS). */
export interface Gateway {
  url: string;
  token: string | undefined;
  timeoutMs: number;
}

/** A failed delivery. `message` is safe to log; `detail` (the gateway's own words) is kept for staff only. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }

  /** What staff see in the outbox. */
  get shown(): string {
    return this.detail ? `${this.message}: ${this.detail}` : this.message;
  }
}

/** WhatsApp addresses numbers internationally without the plus: 0812… becomes 62812…. */
function internationalNumber(phone: string): string {
  return phone.startsWith('0') ? `62${phone.slice(1)}` : phone;
}

/**
 * The one adapter: `POST {url}` with JSON `{"to":"62812…","message":"…"}`, `Authorization: Bearer
 * {token}` when a token is set, and `Idempotency-Key: {eventKey}` so that the gateway can drop a
 * repeat (a timed-out attempt may still have been delivered). Any 2xx answer counts as sent.
 */
export async function sendWhatsApp(
  gateway: Gateway,
  input: { to: string; message: string; eventKey: string },
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(gateway.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': input.eventKey,
        ...(gateway.token ? { authorization: `Bearer ${gateway.token}` } : {}),
      },
      body: JSON.stringify({ to: internationalNumber(input.to), message: input.message }),
      signal: AbortSignal.timeout(gateway.timeoutMs),
    });
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const text = (await response.text()).replace(/\s+/g, ' ').trim().slice(0, 200);
    throw new GatewayError(`Gateway menjawab HTTP ${response.status}`, text || undefined);
  } catch (err) {
    throw describe(err, gateway.timeoutMs);
  }
}

function describe(err: unknown, timeoutMs: number): GatewayError {
  if (err instanceof GatewayError) return err;
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return new GatewayError(`Gateway tidak menjawab dalam ${timeoutMs} ms`);
  }
  const cause = (err as { cause?: { code?: string } }).cause;
  const code = cause?.code ?? (err as { code?: string }).code;
  return new GatewayError(`Gateway tidak dapat dihubungi${code ? ` (${code})` : ''}`);
}
