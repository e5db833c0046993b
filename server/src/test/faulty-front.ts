import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for the network between the portal and a gateway (the fake WhatsApp gateway, the fake BPJS):
// it passes calls through, or refuses connections (down), holds them past the portal's timeout (slow), or
// answers garbage without passing them on. What it passes on is all the gateway behind it ever sees.

export type FrontMode = 'up' | 'down' | 'slow' | 'garbage';

/** An answer no gateway should give: a status and body, a connection cut before any answer, or bytes that are not HTTP. */
export type Garbage = { status: number; type: string; body: string } | 'reset' | 'not-http';

export class FaultyFront {
  private mode: FrontMode = 'up';
  private server: Server;
  private port = 0;
  private readonly held = new Set<ServerResponse>();
  /** Calls that met each mode (a refused connection never reaches the front: it is not counted). */
  readonly met = new Map<FrontMode, number>();

  constructor(
    private readonly target: string,
    private readonly garbage: readonly Garbage[],
  ) {
    this.server = this.create();
  }

  /** The front's origin (`http://127.0.0.1:port`). */
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
    return this.url;
  }

  /** From now on calls meet `mode`; `down` stops listening (connections are refused), leaving it listens again. */
  async set(mode: FrontMode): Promise<void> {
    const wasDown = this.mode === 'down';
    this.mode = mode;
    if (mode === 'down' && !wasDown) await this.stop();
    if (wasDown && mode !== 'down') {
      this.server = this.create();
      await this.listen();
    }
  }

  async close(): Promise<void> {
    if (this.mode !== 'down') await this.stop();
  }

  private stop(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.held.clear();
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private create(): Server {
    return createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const mode = this.mode;
        const n = this.met.get(mode) ?? 0;
        this.met.set(mode, n + 1);
        if (mode === 'up') this.pass(req, Buffer.concat(chunks), res);
        else if (mode === 'slow') this.held.add(res);
        else this.answerGarbage(this.garbage[n % this.garbage.length] as Garbage, res);
      });
    });
  }

  private pass(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    const target = new URL(this.target);
    const onward = request(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    onward.on('error', () => res.destroy());
    onward.end(body);
  }

  private answerGarbage(garbage: Garbage, res: ServerResponse): void {
    if (garbage === 'reset') res.destroy();
    else if (garbage === 'not-http') res.socket?.end('SSH-2.0-OpenSSH_9.2\r\n\r\n');
    else res.writeHead(garbage.status, { 'content-type': garbage.type }).end(garbage.body);
  }
}
