import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../db/client.js';
import { type ImportReport, importLegacy, type TableReport } from '../db/legacy/import.js';
import type { AnyLegacyTable } from '../db/legacy/table.js';
import { legacyTables } from '../db/legacy/tables/index.js';

/** Legacy CSV text from a header and rows (`;` separated, CRLF, as the legacy exports write it). */
export function legacyCsv(header: string[], rows: (string | number)[][]): string {
  return [header, ...rows]
    .map((row) => row.join(';'))
    .join('\r\n')
    .concat('\r\n');
}

/**
 * Imports an export folder made of the given files (name → content) with the real importer and
 * tables, and answers the report; the folder is removed afterwards.
 */
export async function importFiles(
  db: Database,
  files: Record<string, string | Buffer>,
  { apply = true, tables = legacyTables }: { apply?: boolean; tables?: readonly AnyLegacyTable[] } = {},
): Promise<ImportReport & { table(file: string): TableReport }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'legacy-'));
  try {
    for (const [name, content] of Object.entries(files)) writeFileSync(path.join(folder, name), content);
    const report = await importLegacy(db, { folder, apply, tables, keepRejections: 10_000 });
    return {
      ...report,
      table(file) {
        const found = report.tables.find((t) => t.file === file);
        if (!found) throw new Error(`no report for ${file}`);
        return found;
      },
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
