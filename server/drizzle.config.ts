import { defineConfig } from 'drizzle-kit';

// Only `generate` is used: migrations are committed SQL applied at start (never `push`).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
