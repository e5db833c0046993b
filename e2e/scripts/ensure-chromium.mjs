// The browser tests drive Debian's Chromium headless shell (Playwright's own download cannot work here).
// Installs it with apt-get when running as root, as the README says; otherwise explains. A browser named by
// CHROMIUM_PATH is the caller's to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const headlessShell = '/usr/bin/chromium-headless-shell';
const chromium = process.env.CHROMIUM_PATH ?? headlessShell;
if (!existsSync(chromium)) {
  if (chromium !== headlessShell) {
    console.error(`Chromium tidak ditemukan di ${chromium} (CHROMIUM_PATH).`);
    process.exit(1);
  }
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium tidak ditemukan di ${chromium}. Pasang dengan: sudo apt-get install -y chromium-headless-shell`,
    );
    process.exit(1);
  }
  console.log('Chromium not found: installing Debian package "chromium-headless-shell" with apt-get');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { stdio: 'inherit', env });
}
