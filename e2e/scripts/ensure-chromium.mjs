// The browser tests drive Debian's Chromium (Playwright's own download cannot work here).
// Installs it with apt-get when running as root, as the README says; otherwise explains.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium tidak ditemukan di ${chromium}. Pasang dengan: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('Chromium not found: installing Debian package "chromium" with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
}
