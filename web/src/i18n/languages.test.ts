import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '.';

const src = join(dirname(fileURLToPath(import.meta.url)), '..');

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/** Every file that registers strings: found by the call, so that a new screen's strings are checked too. */
const namespaceFiles = filesUnder(src).filter(
  (file) =>
    /\.tsx?$/.test(file) &&
    !file.includes('.test.') &&
    !file.endsWith(join('i18n', 'index.ts')) &&
    /\baddNamespace\(/.test(readFileSync(file, 'utf8')),
);

type Strings = { [key: string]: Strings | string };

/** Every text of a namespace by its key path ("form.fields.name"; list items as "digits.3"). */
function texts(strings: Strings, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(strings)) {
    const path = prefix + key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of texts(value, `${path}.`)) found.set(inner, text);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

function bundle(language: 'id' | 'en', ns: string): Map<string, string> {
  return texts(i18n.getResourceBundle(language, ns) as Strings);
}

describe('the English of the UI', () => {
  let namespaces: string[] = [];

  beforeAll(async () => {
    for (const file of namespaceFiles) await import(/* @vite-ignore */ file);
    namespaces = Object.keys(i18n.store.data.id ?? {});
  });

  it('finds the namespaces of the screens and of the shell', () => {
    expect(namespaceFiles.length).toBeGreaterThan(30);
    expect(namespaces).toContain('translation');
    // One namespace per file, plus the shell's.
    expect(namespaces).toHaveLength(namespaceFiles.length + 1);
  });

  it('has every key of Bahasa Indonesia in English, and no other', () => {
    for (const ns of namespaces) {
      expect([...bundle('en', ns).keys()].sort(), ns).toEqual([...bundle('id', ns).keys()].sort());
    }
  });

  it('leaves no English text empty where Bahasa Indonesia has one, and keeps the same placeholders', () => {
    const wrong: string[] = [];
    for (const ns of namespaces) {
      const english = bundle('en', ns);
      for (const [key, indonesian] of bundle('id', ns)) {
        const text = english.get(key) ?? '';
        if (indonesian.trim() !== '' && text.trim() === '') wrong.push(`${ns}:${key} is empty`);
        if (placeholders(text).join() !== placeholders(indonesian).join()) {
          wrong.push(`${ns}:${key} has {{${placeholders(text)}}}, not {{${placeholders(indonesian)}}}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
