import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The documentation's promises that the repository can check: every relative link (and its `#anchor`)
 * leads somewhere, every `npm run <script>` names a script of the root or of the workspace named with
 * `-w`, and every `npm run cli -- <command>` a command of `server/src/cli.ts`.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const documents = [
  'README.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

interface Line {
  number: number;
  text: string;
  /** Inside a fenced code block. */
  code: boolean;
}

function linesOf(file: string): Line[] {
  let fence: string | undefined;
  return readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .map((text, index) => {
      const marker = /^\s*(`{3,}|~{3,})/.exec(text)?.[1];
      if (marker && (fence === undefined || marker.startsWith(fence))) {
        fence = fence === undefined ? marker : undefined;
        return { number: index + 1, text, code: true };
      }
      return { number: index + 1, text, code: fence !== undefined };
    });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let anchors = anchorCache.get(file);
  if (!anchors) {
    anchors = new Set();
    const seen = new Map<string, number>();
    for (const line of linesOf(file)) {
      const heading = line.code ? undefined : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line.text)?.[1];
      if (heading === undefined) continue;
      const base = slug(heading);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    anchorCache.set(file, anchors);
  }
  return anchors;
}

/** The targets of inline links and images, and of reference definitions, outside code. */
function linkTargets(line: Line): string[] {
  if (line.code) return [];
  const prose = line.text.replace(/`[^`]*`/g, '');
  const definition = /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)/.exec(prose);
  if (definition?.[1]) return [definition[1]];
  return [...prose.matchAll(/\]\(\s*<?([^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] ?? '');
}

function linkProblems(file: string): string[] {
  const problems: string[] = [];
  for (const line of linesOf(file)) {
    for (const target of linkTargets(line)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const where = `${file}:${line.number}: link (${target})`;
      const [pathPart = '', anchor] = target.split('#', 2);
      const resolved = pathPart
        ? path.normalize(path.join(path.dirname(file), decodeURIComponent(pathPart)))
        : file;
      if (resolved.startsWith('..') || path.isAbsolute(resolved)) {
        problems.push(`${where}: leads outside the repository`);
        continue;
      }
      if (!existsSync(path.join(root, resolved))) {
        problems.push(`${where}: ${resolved} does not exist`);
        continue;
      }
      if (anchor === undefined) continue;
      if (!resolved.endsWith('.md') || statSync(path.join(root, resolved)).isDirectory()) continue;
      if (!anchorsOf(resolved).has(anchor)) {
        problems.push(`${where}: ${resolved} has no heading with the anchor #${anchor}`);
      }
    }
  }
  return problems;
}

const workspaces: string[] = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).workspaces;
function scriptsOf(workspace: string | undefined): Record<string, string> {
  const file = path.join(root, workspace ?? '', 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')).scripts ?? {}) : {};
}

/** The commands of the command line: the keys of `commands` in server/src/cli.ts. */
function cliCommands(): Set<string> {
  const source = readFileSync(path.join(root, 'server/src/cli.ts'), 'utf8');
  const body = /\nconst commands\b[^\n]*\n([\s\S]*?)\n\};/.exec(source)?.[1] ?? '';
  const names = [...body.matchAll(/^ {2}async\s+(?:'([a-z][a-z ]*)'|([a-z]\w*))\s*\(/gm)].map(
    (match) => match[1] ?? match[2] ?? '',
  );
  return new Set(['help', '--help', ...names]);
}
const commands = cliCommands();

const isPlaceholder = (word: string) => /^[<…[]/.test(word) || word.includes('…');

/** Each `npm run <script>` (also `npm test`, `npm start`), in prose and in code. */
function scriptProblems(file: string): string[] {
  const problems: string[] = [];
  for (const line of linesOf(file)) {
    for (const match of line.text.matchAll(/\bnpm\s+(run|run-script|test|start)\b([^\n`#;&|)]*)/g)) {
      const where = `${file}:${line.number}: \`${match[0].trim()}\``;
      const words = (match[2] ?? '').trim().split(/\s+/).filter(Boolean);
      let script = match[1] === 'test' || match[1] === 'start' ? match[1] : undefined;
      let workspace: string | undefined;
      let every = false;
      let rest: string[] = [];
      for (let i = 0; i < words.length; i++) {
        const word = words[i] ?? '';
        if (word === '--') {
          rest = words.slice(i + 1);
          break;
        }
        if (word === '-w' || word === '--workspace') workspace = words[++i];
        else if (word.startsWith('--workspace=')) workspace = word.slice('--workspace='.length);
        else if (word === '--workspaces' || word === '-ws') every = true;
        else if (word.startsWith('-')) continue;
        else if (script === undefined) script = word.replace(/[.,;:]+$/, '');
      }
      if (script === undefined || isPlaceholder(script)) continue;
      const targets = every ? workspaces : [workspace];
      for (const target of targets) {
        if (target !== undefined && !workspaces.includes(target)) {
          problems.push(`${where}: no workspace ${target}`);
        } else if (!(script in scriptsOf(target))) {
          problems.push(`${where}: no script "${script}" in ${target ? `${target}/` : ''}package.json`);
        }
      }
      if (script === 'cli' && workspace === undefined && rest.length > 0) {
        const [first = '', second = ''] = rest;
        if (isPlaceholder(first)) continue;
        if (!commands.has(first) && !commands.has(`${first} ${second}`)) {
          problems.push(`${where}: server/src/cli.ts has no command "${first}" or "${first} ${second}"`);
        }
      }
    }
  }
  return problems;
}

describe('documentation', () => {
  it('reads the commands of server/src/cli.ts', () => {
    expect(
      commands.size,
      'no `async name(` keys found in `const commands` of server/src/cli.ts',
    ).toBeGreaterThan(2);
  });

  it.each(documents)('%s: every relative link and anchor exists', (file) => {
    expect(linkProblems(file)).toEqual([]);
  });

  it.each(documents)('%s: every npm script and command line command exists', (file) => {
    expect(scriptProblems(file)).toEqual([]);
  });
});
