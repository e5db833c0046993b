import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

/** The newest change time of the files below `dir` that the build takes (not the tests). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const item of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!item.isFile() || item.name.endsWith('.test.ts')) continue;
    const file = path.join(item.parentPath, item.name);
    if (file.includes(`${path.sep}test${path.sep}`)) continue;
    newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

/** When the build was written, or 0 when a part of it is missing. */
function builtAt(): number {
  const files = ['contract/dist/index.js', 'server/dist/main.js', 'server/dist/cli.js'];
  try {
    return Math.min(...files.map((file) => statSync(path.join(root, file)).mtimeMs));
  } catch {
    return 0;
  }
}

/**
 * The tests of the entry points run the server and the CLI as the operator does, built (`node dist/main.js`:
 * a start through tsx takes twice the CPU). `npm test` builds first; a run of Vitest alone builds the
 * contract and the server again here when a source is newer than their build, or it is missing.
 */
export function ensureBuilt(): void {
  const sources = Math.max(
    newestSource(path.join(root, 'contract/src')),
    newestSource(path.join(root, 'server/src')),
  );
  if (builtAt() > sources) return;
  console.log('The server is built again for the tests of its entry points (a source is newer than dist/).');
  execFileSync('npm', ['run', 'build', '-w', 'contract', '-w', 'server'], { cwd: root, stdio: 'inherit' });
}
