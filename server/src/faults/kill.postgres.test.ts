import { describe, it } from 'vitest';
import { createPostgresDatabase } from '../test/db.js';
import { killAndRestart } from './kill.js';

describe('the server killed in the middle of a burst, on PostgreSQL', () => {
  it('holds every acknowledged write after the restart, nothing half written, each message sent once', async () => {
    const { url, drop } = await createPostgresDatabase(process.env.TEST_DATABASE_URL ?? '');
    try {
      await killAndRestart({ backend: 'postgres', url });
    } finally {
      await drop();
    }
  }, 300_000);
});
