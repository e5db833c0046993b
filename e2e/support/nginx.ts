import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { end, freePorts, spawnPortal, waitFor } from './processes.ts';

// The production kit of deploy/ run for real: the built portal started with deploy/portal.env.example, and
// Debian's nginx with deploy/nginx/portal.conf in front of it, on free loopback ports with a self-signed
// certificate, everything in a temporary folder of its own (the e2e server's ports and data are not touched).

const root = new URL('../../', import.meta.url).pathname;
const nginxBinary = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const openssl = process.env.OPENSSL_PATH ?? '/usr/bin/openssl';

export interface ProxiedPortal {
  /** nginx's HTTPS side, `https://127.0.0.1:<port>`. */
  https: string;
  /** nginx's plain HTTP side. */
  http: string;
  /** The portal's own loopback port, where Prometheus scrapes `/metrics`. */
  direct: string;
  /** The certificate nginx presents (PEM), to trust it. */
  certificate: string;
  /** The portal's environment: deploy/portal.env.example with this run's ports and folder. */
  env: Record<string, string>;
  /** Ends the portal alone, as an upgrade stops it: nginx goes on answering. */
  stopPortal(): Promise<void>;
  stop(): Promise<void>;
}

/** `KEY=value` lines of a systemd environment file (the example quotes nothing). */
export function readEnvFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match?.[1]) env[match[1]] = match[2] ?? '';
  }
  return env;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

function requireTool(file: string, debianPackage: string) {
  if (!existsSync(file)) {
    throw new Error(
      `${file} tidak ditemukan. Pasang dengan: sudo apt-get install -y ${debianPackage} ` +
        '(npm test -w e2e memasangnya sendiri bila dijalankan sebagai root)',
    );
  }
}

/** The site file with this run's ports and certificate: each line replaced must be there exactly once. */
function siteForTest(ports: { http: number; https: number; portal: number }, cert: string, key: string) {
  let site = readFileSync(path.join(root, 'deploy/nginx/portal.conf'), 'utf8');
  const replacements: [string, string][] = [
    ['listen 80;', `listen 127.0.0.1:${ports.http};`],
    ['listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`],
    ['server 127.0.0.1:3000;', `server 127.0.0.1:${ports.portal};`],
    ['/etc/ssl/certs/portal.crt', cert],
    ['/etc/ssl/private/portal.key', key],
  ];
  for (const [from, to] of replacements) {
    const parts = site.split(from);
    if (parts.length !== 2) throw new Error(`deploy/nginx/portal.conf: "${from}" not found exactly once`);
    site = parts.join(to);
  }
  return site;
}

/** Starts the portal and nginx in front of it; `stop()` ends both and removes their folder. */
export async function startBehindNginx(): Promise<ProxiedPortal> {
  requireTool(nginxBinary, 'nginx');
  requireTool(openssl, 'openssl');
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-nginx-'));
  // nginx's workers run as nobody when it is started as root: they write their temporary files in here.
  chmodSync(dir, 0o755);
  const [portalPort, httpPort, httpsPort] = (await freePorts(3)) as [number, number, number];
  const children: ChildProcess[] = [];
  const stop = async () => {
    for (const child of [...children].reverse()) await end(child, 'SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    // The embedded database (one process): the production file with this run's ports and folder, and a
    // token of its own where the file says CHANGE-ME (the portal refuses that placeholder).
    const env: Record<string, string> = {
      ...readEnvFile(path.join(root, 'deploy/portal.env.example')),
      METRICS_TOKEN: randomBytes(32).toString('hex'),
      PORT: String(portalPort),
      DATA_DIR: path.join(dir, 'data'),
      WORKERS: '1',
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    const portalLog = path.join(dir, 'portal.log');
    const portal = spawnPortal(env, portalLog);
    children.push(portal);

    const cert = path.join(dir, 'portal.crt');
    const key = path.join(dir, 'portal.key');
    execFileSync(
      openssl,
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'pipe' },
    );
    writeFileSync(
      path.join(dir, 'portal.conf'),
      siteForTest({ http: httpPort, https: httpsPort, portal: portalPort }, cert, key),
    );
    // Debian's /etc/nginx/nginx.conf, with its paths in this folder and in the foreground.
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log info;
events { worker_connections 768; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  ssl_protocols TLSv1 TLSv1.1 TLSv1.2 TLSv1.3;
  ssl_prefer_server_ciphers on;
  access_log ${dir}/access.log;
  gzip on;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/portal.conf;
}
`,
    );
    const nginxLog = path.join(dir, 'error.log');
    const nginxFd = openSync(nginxLog, 'a');
    const nginx = spawn(nginxBinary, ['-p', `${dir}/`, '-c', `${dir}/nginx.conf`, '-e', nginxLog], {
      stdio: ['ignore', 'ignore', nginxFd],
    });
    closeSync(nginxFd);
    children.push(nginx);

    const health = async () => (await fetch(`http://127.0.0.1:${portalPort}/api/health`)).ok;
    await waitFor('the portal', health, portal, portalLog, 45_000);
    await waitFor(
      'nginx',
      async () => (await accepts(httpsPort)) && accepts(httpPort),
      nginx,
      nginxLog,
      10_000,
    );
    return {
      https: `https://127.0.0.1:${httpsPort}`,
      http: `http://127.0.0.1:${httpPort}`,
      direct: `http://127.0.0.1:${portalPort}`,
      certificate: readFileSync(cert, 'utf8'),
      env,
      stopPortal: () => end(portal, 'SIGTERM'),
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
