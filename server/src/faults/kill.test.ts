import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { embeddedTemplate } from '../test/db.js';
import { killAndRestart } from './kill.js';

describe('the server killed in the middle of a burst, on the embedded database', () => {
  it('holds every acknowledged write after the restart, nothing half written, each message sent once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-kill-'));
    try {
      await killAndRestart({ backend: 'pglite', dataDir, template: embeddedTemplate() });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
