// specs/nginx.spec.ts runs deploy/ with Debian's nginx and a certificate made by openssl. Installs them with
// apt-get when running as root, as ensure-chromium.mjs does for Chromium; otherwise explains.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const tools = [
  { file: process.env.NGINX_PATH ?? '/usr/sbin/nginx', debianPackage: 'nginx' },
  { file: process.env.OPENSSL_PATH ?? '/usr/bin/openssl', debianPackage: 'openssl' },
];
const missing = tools.filter((tool) => !existsSync(tool.file));
if (missing.length > 0) {
  const packages = missing.map((tool) => tool.debianPackage);
  if (process.getuid?.() !== 0) {
    const files = missing.map((tool) => tool.file).join(', ');
    console.error(`${files} tidak ditemukan. Pasang dengan: sudo apt-get install -y ${packages.join(' ')}`);
    process.exit(1);
  }
  console.log(`${packages.join(', ')} not found: installing Debian's packages with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit', env });
}
