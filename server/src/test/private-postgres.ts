import { execFile as execFileCallback, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './process.js';

const execFile = promisify(execFileCallback);

/** Where PostgreSQL's server programs are: on the PATH, or in Debian's versioned folder. */
function programs(): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, 'initdb'))) return dir;
  }
  const debian = '/usr/lib/postgresql';
  const version = existsSync(debian) ? readdirSync(debian).sort().at(-1) : undefined;
  if (version) return path.join(debian, version, 'bin');
  throw new Error('initdb not found: install the PostgreSQL server programs');
}

/**
 * A PostgreSQL server of a test's own, in a temporary folder, which the test may stop and start: the
 * shared server of TEST_DATABASE_URL must never be. PostgreSQL refuses to run as root, so as root its
 * programs run as the `postgres` user, who owns the folder.
 */
export class PrivatePostgres {
  private constructor(
    private readonly folder: string,
    readonly port: number,
    private readonly bin: string,
    private readonly asUser: string[],
  ) {}

  static async create(): Promise<PrivatePostgres> {
    const folder = mkdtempSync(path.join(tmpdir(), 'portal-pg-'));
    const root = process.getuid?.() === 0;
    if (root) {
      const id = (flag: string) =>
        Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(folder, id('-u'), id('-g'));
    }
    const server = new PrivatePostgres(
      folder,
      await freePort(),
      programs(),
      root ? ['runuser', '-u', 'postgres', '--'] : [],
    );
    await server.run('initdb', [
      '-D',
      server.data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await server.start();
    return server;
  }

  private get data(): string {
    return path.join(this.folder, 'data');
  }

  private async run(program: string, args: string[]): Promise<void> {
    const [command, ...rest] = [...this.asUser, path.join(this.bin, program), ...args] as [
      string,
      ...string[],
    ];
    await execFile(command, rest);
  }

  /** The URL of a database on this server. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async createDatabase(name: string): Promise<string> {
    const client = new pg.Client({ connectionString: this.url() });
    await client.connect();
    await client.query(`create database ${client.escapeIdentifier(name)}`);
    await client.end();
    return this.url(name);
  }

  /** Starts the server and waits until it takes connections. */
  start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.folder} -c listen_addresses=127.0.0.1`;
    return this.run('pg_ctl', [
      '-D',
      this.data,
      '-l',
      path.join(this.folder, 'log'),
      '-o',
      options,
      '-w',
      'start',
    ]);
  }

  /** Stops the server as an operator's restart does (`-m fast`: sessions are ended, transactions rolled back). */
  stop(): Promise<void> {
    return this.run('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }

  /** Stops the server if it runs, and removes its folder. */
  async destroy(): Promise<void> {
    await this.run('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    rmSync(this.folder, { recursive: true, force: true });
  }
}
