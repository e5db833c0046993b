import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contract from '@portal/contract';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { loadContractEnglish } from '.';
import { contractMessage } from './contractMessages';
import { contractMessageInEnglish } from './contractMessagesEn';

const contractSrc = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'contract', 'src');

const sources = readdirSync(contractSrc)
  .filter((name) => name.endsWith('.ts'))
  .map((name) =>
    ts.createSourceFile(name, readFileSync(join(contractSrc, name), 'utf8'), ts.ScriptTarget.Latest, true),
  );

/**
 * The web service BPJS calls (Mobile JKN) answers in BPJS's own words, which no screen of the portal shows:
 * its builders and request schemas are left out.
 */
const bpjsProtocol = /^(filled|digits|jknDate|whole|JKN_DATE_MESSAGE|jkn\w*RequestSchema)$/;

/** A value a message is built from at run time (a NIK's province code, a date): any text stands for it. */
const SAMPLE = '99';

type Scope = ReadonlyMap<string, string>;

/** The function (a declaration, or an arrow or function expression given a name) a node lies in. */
function enclosingBuilder(node: ts.Node): { name: string; params: string[] } | null {
  for (let at = node.parent; at; at = at.parent) {
    const named =
      ts.isFunctionDeclaration(at) && at.name
        ? at.name.text
        : (ts.isArrowFunction(at) || ts.isFunctionExpression(at)) &&
            ts.isVariableDeclaration(at.parent) &&
            ts.isIdentifier(at.parent.name)
          ? at.parent.name.text
          : null;
    if (named && (ts.isFunctionDeclaration(at) || ts.isArrowFunction(at) || ts.isFunctionExpression(at))) {
      return { name: named, params: at.parameters.map((param) => param.name.getText()) };
    }
  }
  return null;
}

function callsOf(name: string): ts.CallExpression[] {
  const calls: ts.CallExpression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === name) {
      calls.push(node);
    }
    ts.forEachChild(node, visit);
  };
  for (const source of sources) visit(source);
  return calls;
}

/** The parameters of the builder a node lies in, once for each call of the builder in the contract. */
function scopesOf(node: ts.Node): Scope[] {
  const builder = enclosingBuilder(node);
  if (!builder) return [new Map()];
  const calls = callsOf(builder.name);
  if (calls.length === 0) return [new Map(builder.params.map((param) => [param, SAMPLE]))];
  return calls.flatMap((call) =>
    scopesOf(call).flatMap((outer) =>
      builder.params.reduce<Scope[]>(
        (scopes, param, index) => {
          const arg = call.arguments[index];
          const values = arg ? valuesOf(arg, outer) : [SAMPLE];
          return scopes.flatMap((scope) => values.map((value) => new Map([...scope, [param, value]])));
        },
        [new Map()],
      ),
    ),
  );
}

/** A constant of the contract's top level, by name, wherever in the contract it is declared. */
function topLevelConstant(name: string): ts.Expression | undefined {
  for (const source of sources) {
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name)
          return declaration.initializer;
      }
    }
  }
  return undefined;
}

/** The texts an expression inside a message can stand for. */
function valuesOf(node: ts.Expression, scope: Scope): string[] {
  if (ts.isStringLiteralLike(node) || ts.isNumericLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return texts(node, scope);
  if (ts.isIdentifier(node)) {
    const bound = scope.get(node.text);
    if (bound !== undefined) return [bound];
    const exported: unknown = (contract as Record<string, unknown>)[node.text];
    if (typeof exported === 'string' || typeof exported === 'number') return [String(exported)];
    const constant = topLevelConstant(node.text);
    return constant ? valuesOf(constant, scope) : [SAMPLE];
  }
  // A word looked up in a table of the contract (`sexWord[birth.sex]`): each of its words.
  if (ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression)) {
    const table = topLevelConstant(node.expression.text);
    const inner = table && ts.isAsExpression(table) ? table.expression : table;
    if (inner && ts.isObjectLiteralExpression(inner)) {
      return inner.properties.flatMap((property) =>
        ts.isPropertyAssignment(property) ? valuesOf(property.initializer, scope) : [],
      );
    }
  }
  return [SAMPLE];
}

function texts(template: ts.TemplateExpression, scope: Scope): string[] {
  return template.templateSpans.reduce(
    (heads, span) =>
      heads.flatMap((head) =>
        valuesOf(span.expression, scope).map((value) => head + value + span.literal.text),
      ),
    [template.head.text],
  );
}

const insideMeta = (node: ts.Node) => {
  for (let at = node.parent; at; at = at.parent) {
    if (
      ts.isCallExpression(at) &&
      ts.isPropertyAccessExpression(at.expression) &&
      at.expression.name.text === 'meta'
    ) {
      return true;
    }
  }
  return false;
};

const topLevelName = (node: ts.Node) => {
  let at = node;
  while (at.parent && !ts.isSourceFile(at.parent)) at = at.parent;
  return ts.isVariableStatement(at)
    ? at.declarationList.declarations.map((declaration) => declaration.name.getText()).join()
    : ts.isFunctionDeclaration(at)
      ? (at.name?.text ?? '')
      : '';
};

/**
 * Every message the contract writes, as it reaches a user: the texts of its string and template literals that
 * read as a sentence (words, and a full stop at the end), a builder's sentence once for each name it is given.
 */
function contractMessages(): Set<string> {
  const found = new Set<string>();
  const visit = (node: ts.Node) => {
    const literal = ts.isStringLiteralLike(node) || ts.isTemplateExpression(node);
    if (literal && !insideMeta(node) && !bpjsProtocol.test(topLevelName(node))) {
      const candidates = ts.isTemplateExpression(node)
        ? scopesOf(node).flatMap((scope) => texts(node, scope))
        : [node.text];
      for (const text of candidates) if (/\s/.test(text) && text.endsWith('.')) found.add(text);
    }
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
  };
  for (const source of sources) visit(source);
  return found;
}

describe('the English of the contract’s messages', () => {
  const messages = contractMessages();

  afterEach(() => i18n.changeLanguage('id'));

  it('finds the contract’s messages, also those built around a name or from a constant', () => {
    const found = [...messages];
    expect(found.length).toBeGreaterThan(120);
    expect(found).toContain('Nama pasien wajib diisi.');
    expect(found).toContain('No. HP keluarga paling panjang 24 karakter.');
    expect(found).toContain(`Pilih nomor loket 1–${contract.ADMISSION_COUNTERS}.`);
    expect(found).toContain('Kuota non-JKN tidak boleh negatif.');
    expect(found).toContain('Kode BPJS paling panjang 20 karakter.');
  });

  it('has English for every message, a message with placeholders once they are filled', () => {
    // What the server fills a message's placeholders with (`fill`): a reason of the contract's, a number.
    const filled = (message: string) =>
      contract.fill(message, { why: contract.TOO_MANY_WRONG_PASSWORDS, n: 51, value: 'Hari Raya Natal' });
    expect(
      [...messages].filter((message) => contractMessageInEnglish(filled(message)) === undefined),
    ).toEqual([]);
  });

  it('words a message in English only when the UI speaks English, and leaves other texts as they are', async () => {
    expect(contractMessage('Kuota JKN paling banyak 500.')).toBe('Kuota JKN paling banyak 500.');
    await i18n.changeLanguage('en');
    await loadContractEnglish();
    expect(contractMessage('Kuota JKN paling banyak 500.')).toBe('JKN quota can be at most 500.');
    expect(contractMessage('Nama pemesan paling panjang 100 karakter.')).toBe(
      'Your name can be at most 100 characters long.',
    );
    expect(
      contractMessage(
        'Menurut NIK pasien perempuan (tanggal lahir perempuan ditambah 40), tetapi jenis kelamin diisi laki-laki.',
      ),
    ).toBe(
      'By the NIK the patient is female (40 is added to a woman’s day of birth), but the sex filled in is male.',
    );
    // A date the booking page offers no place on, with the hospital's own reason kept as written.
    expect(contractMessage(contract.fill(contract.CLINIC_CLOSED, { value: 'Hari Raya Natal' }))).toBe(
      'Clinic closed: Hari Raya Natal',
    );
    expect(contractMessage('Dokter tidak praktik: Cuti tahunan')).toBe('No doctor practising: Cuti tahunan');
    expect(contractMessage('Terlalu banyak percobaan kata sandi yang salah. Coba lagi dalam 51 detik.')).toBe(
      'Too many wrong passwords. Try again in 51 seconds.',
    );
    expect(contractMessage(contract.ALREADY_CLOCKED_IN)).toBe(
      'You have already clocked in. Clock out first before clocking in again.',
    );
    expect(contractMessage('Kuota penuh.')).toBe('Kuota penuh.');
    expect(contractMessage('Warna paling panjang 10 karakter.')).toBe('Warna paling panjang 10 karakter.');
  });
});
