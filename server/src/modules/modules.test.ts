import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Modules call each other's services, never in a loop: from the desks down to the modules many use (staff,
// duty, auth, patients, clinics), so that each can be read, tested and changed from the bottom up. ESLint's
// import-x/no-cycle sees loops between files only; a loop between module folders passes it.

/** Source files by their path under modules/ (`clinics/admin.ts`), tests left out. */
type Sources = Record<string, string>;

/** For each module, the modules it imports from, with the file of each import as evidence. */
function moduleImports(sources: Sources): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const [file, source] of Object.entries(sources)) {
    const from = file.split('/')[0] as string;
    const edges = graph.get(from) ?? new Map<string, string[]>();
    graph.set(from, edges);
    for (const { fileName } of ts.preProcessFile(source, true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.posix.join(path.posix.dirname(file), fileName);
      const to = target.split('/')[0] as string;
      // Outside modules/ (lib, db, plugins) or within the module itself.
      if (target.startsWith('..') || !target.includes('/') || to === from) continue;
      edges.set(to, [...(edges.get(to) ?? []), `${file} → ${fileName}`]);
    }
  }
  return graph;
}

/** The import loops between modules: each group of modules that reach each other, with the imports involved. */
function moduleLoops(sources: Sources): string[][] {
  const graph = moduleImports(sources);
  const reach = (from: string) => {
    const seen = new Set<string>();
    const visit = (module: string) => {
      for (const to of graph.get(module)?.keys() ?? []) {
        if (!seen.has(to)) {
          seen.add(to);
          visit(to);
        }
      }
    };
    visit(from);
    return seen;
  };
  const reachable = new Map([...graph.keys()].map((module) => [module, reach(module)]));
  const loops = new Map<string, string[]>();
  for (const [module, reached] of reachable) {
    if (!reached.has(module)) continue;
    const group = [...reached].filter((other) => reachable.get(other)?.has(module)).sort();
    const imports = group.flatMap((from) =>
      [...(graph.get(from) ?? [])].filter(([to]) => group.includes(to)).flatMap(([, files]) => files),
    );
    loops.set(group.join(), imports.sort());
  }
  return [...loops.values()];
}

function readModules(root: string): Sources {
  const sources: Sources = {};
  for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const file = entry.split(path.sep).join('/');
    if (file.includes('/') && file.endsWith('.ts') && !file.endsWith('.test.ts')) {
      sources[file] = readFileSync(path.join(root, entry), 'utf8');
    }
  }
  return sources;
}

describe('modules', () => {
  it('import each other without a loop', () => {
    const sources = readModules(import.meta.dirname);
    expect(Object.keys(sources)).toContain('registration/service.ts');
    expect(moduleLoops(sources)).toEqual([]);
  });

  it('are caught importing in a loop, also through a third module and with type-only imports', () => {
    const sources: Sources = {
      'clinics/admin.ts': "import { takePlace } from '../registration/sessions.js';",
      'clinics/booking-window.ts': "import { AppError } from '../../errors.js';",
      'registration/sessions.ts': `import type { Booking } from '../patients/service.js';
        import { audit } from '../../lib/audit.js';`,
      'patients/service.ts': `import {
          bookableSchedule,
        } from '../clinics/booking-window.js';`,
      'ward/service.ts': "import { getPatient } from '../patients/service.js';",
    };
    expect(moduleLoops(sources)).toEqual([
      [
        'clinics/admin.ts → ../registration/sessions.js',
        'patients/service.ts → ../clinics/booking-window.js',
        'registration/sessions.ts → ../patients/service.js',
      ],
    ]);
    delete sources['patients/service.ts'];
    expect(moduleLoops(sources)).toEqual([]);
  });
});
