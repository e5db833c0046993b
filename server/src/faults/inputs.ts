import fc from 'fast-check';
import type { FastifySchema } from 'fastify';
import type { z } from 'zod';
import { ROUTE_WORD } from '../app.js';

/** One generated request: path parameters, query and the body as sent, with its content type. */
export interface Input {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  raw?: string;
  contentType?: string;
}

type Schema = z.core.$ZodType;

/** Texts a parser or a database column may choke on: control characters, NUL, other scripts, sizes. */
const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\u0001\u0007\b\u001b[31m\u007f',
    '\r\n\t',
    '\u202eRTL\u202c',
    'مرحبا بالعالم',
    '👨‍👩‍👧‍👦🏥',
    '\ufeff\u200b',
    "' OR 1=1 --",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '2147483648',
    '-2147483649',
    '9007199254740993',
    '1e308',
    '1e309',
    '-0',
    'NaN',
    'Infinity',
    '0x10',
    '',
    ' ',
    '0000-00-00',
    '2024-02-30',
    '9999-12-31',
    '00:00',
    '25:61',
  ),
  // Incompressible: a compressed repeat fits an index entry, this does not (PostgreSQL's limit is ~2.7 kB).
  fc.tuple(fc.integer({ min: 3_000, max: 20_000 }), fc.integer()).map(([n, seed]) => noise(n, seed)),
  fc
    .integer({ min: 10_000, max: 20_000 })
    .chain((n) => fc.constantFrom('a', '\u0000', 'é', '9').map((c) => c.repeat(n))),
);

/** `length` letters and digits that do not repeat, from a linear congruential generator. */
function noise(length: number, seed: number): string {
  let state = seed >>> 0;
  let text = '';
  for (let i = 0; i < length; i += 1) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    text += (state >>> 26).toString(36);
  }
  return text;
}

/** A distinctive text a log must not repeat when its input was refused (see `stringsOf`). */
const marked = fc.string({ minLength: 4, maxLength: 12 }).map((s) => `fuzzmark-${s}`);

const hostileNumber = fc.oneof(
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e308, -1e308, -0, 0, -1, 0.5, Number.MAX_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A JSON value nested `depth` levels: arrays or objects. */
const deep = (depth: number, object: boolean) =>
  object ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`;

const anyJson = fc.oneof(
  fc.anything({ maxDepth: 4, withNullPrototype: false }),
  hostileNumber,
  hostileText,
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
);

const defOf = (schema: Schema) => schema._zod.def as unknown as Record<string, unknown> & { type: string };

/** A value the schema could accept, or nearly: the leaves follow their types, their limits are not kept. */
function valueOf(schema: Schema, hostile: boolean, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (s: unknown) => valueOf(s as Schema, hostile, depth + 1);
  const typed = ((): fc.Arbitrary<unknown> => {
    switch (def.type) {
      case 'object': {
        const shape = def.shape as Record<string, Schema>;
        const record = fc.record(
          Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, inner(value)])),
          { requiredKeys: Object.keys(shape).filter((key) => !isOptional(shape[key] as Schema)) },
        );
        // An unknown field now and then: API.md says it is rejected or ignored, never stored.
        return fc
          .tuple(record, fc.option(marked))
          .map(([value, extra]) => (extra ? { ...value, [extra]: extra } : value));
      }
      case 'optional':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'readonly':
      case 'catch':
        return depth > 8 ? fc.constant(undefined) : inner(def.innerType);
      case 'nullable':
        return fc.option(inner(def.innerType), { nil: null });
      case 'pipe':
        return inner(def.in);
      case 'lazy':
        return depth > 8 ? fc.constant(null) : inner((def.getter as () => Schema)());
      case 'array':
        return fc.array(inner(def.element), { maxLength: 4 });
      case 'record':
        return fc.dictionary(fc.string({ maxLength: 8 }), inner(def.valueType), { maxKeys: 4 });
      case 'tuple':
        return fc.tuple(...(def.items as Schema[]).map(inner));
      case 'union':
        return fc.oneof(...(def.options as Schema[]).map(inner));
      case 'intersection':
        return fc
          .tuple(inner(def.left), inner(def.right))
          .map(([a, b]) => ({ ...(a as object), ...(b as object) }));
      case 'enum':
        return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
      case 'literal':
        return fc.constantFrom(...(def.values as unknown[]));
      case 'boolean':
        return fc.boolean();
      case 'number':
      case 'bigint':
        return fc.oneof(fc.integer({ min: 0, max: 50 }), fc.integer({ min: -5, max: 100_000 }));
      case 'string':
        return plausibleText(schema);
      default:
        return anyJson;
    }
  })();
  if (!hostile) return typed;
  return fc.oneof(
    { weight: 3, arbitrary: typed },
    { weight: 1, arbitrary: fc.oneof(anyJson, hostileText, hostileNumber) },
  );
}

const isOptional = (schema: Schema) => ['optional', 'default', 'prefault'].includes(defOf(schema).type);

const digits = '0123456789';

/**
 * Texts of `minLength` to `maxLength` of these characters (a phone number, a NIK, a code): what a regular
 * expression arbitrary gives, without its cost per value (a tenth of the staff fuzz's time).
 */
const textOf = (characters: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...characters), minLength, maxLength });

/** Texts of the shape a field of this kind takes: a date field gets dates, others words, digits and codes. */
function plausibleText(schema: Schema): fc.Arbitrary<string> {
  const format = (schema._zod as unknown as { bag?: { format?: string } }).bag?.format;
  const date = fc
    .date({ min: new Date('1899-01-01'), max: new Date('3001-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  if (format === 'date') return date;
  if (format === 'time') return fc.constantFrom('08:00', '12:30', '23:59', '24:00');
  return fc.oneof(
    fc.string({ maxLength: 20 }),
    marked,
    textOf(digits, 8, 11).map((rest) => `08${rest}`),
    textOf(digits, 16, 16),
    textOf(`ABCDEFGHIJKLMNOPQRSTUVWXYZ${digits}`, 4, 12),
    date,
    fc.constantFrom('2026-01', 'admin', 'piket', 'cs', 'JKN', 'UMUM', 'L', 'P', '1', '0'),
  );
}

/** The query as a browser sends it: every value a text, repeated keys as arrays. */
function queryText(value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
  if (typeof value === 'string') return value;
  return JSON.stringify(value) ?? '';
}

function textsOf(
  schema: Schema | undefined,
  hostile: boolean,
): fc.Arbitrary<Record<string, string | string[]>> {
  if (!schema || defOf(schema).type !== 'object') return fc.constant({});
  return (valueOf(schema, hostile) as fc.Arbitrary<Record<string, unknown>>).map((value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, queryText(v)]),
        )
      : {},
  );
}

const wrongContentTypes = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
);

const asJson = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));

/**
 * A body of this object schema near `records`: each field that names what the hospital has is kept nine
 * times in ten, else generated (hostile or not); the other fields are generated as the schema says.
 */
function nearValue(schema: Schema, records: Record<string, unknown>): fc.Arbitrary<unknown> {
  const shape = defOf(schema).shape as Record<string, Schema>;
  return fc.record(
    Object.fromEntries(
      Object.entries(shape).map(([key, field]) => [
        key,
        key in records
          ? fc.oneof(
              { weight: 9, arbitrary: fc.constant(records[key]) },
              { weight: 1, arbitrary: valueOf(field, true) },
            )
          : valueOf(field, false),
      ]),
    ),
  );
}

/**
 * The requests to send one route: most from its schemas, the rest malformed in body, type or shape. With
 * `records` (field name → a value naming what the hospital has: its clinic, doctor, patient, booking), a
 * share of the bodies is near them, so that inputs get past the contract into the service's rules, where a
 * text generated from the schema alone never names anything that exists.
 */
export function requestOf(
  schema: FastifySchema,
  method: string,
  records?: Record<string, unknown>,
): fc.Arbitrary<Input> {
  const params = schema.params as Schema | undefined;
  const query = schema.querystring as Schema | undefined;
  const body = schema.body as Schema | undefined;
  const takesBody = method !== 'GET' && method !== 'DELETE';
  // A CSV import takes its text as it is; every other body is JSON.
  const contentType = schema.consumes?.[0] ?? 'application/json';
  const encode =
    contentType === 'application/json'
      ? asJson
      : (value: unknown) => (typeof value === 'string' ? value : asJson(value));
  const paramsOf = (hostile: boolean) =>
    textsOf(params, hostile).map((p) =>
      Object.fromEntries(Object.entries(p).map(([k, v]) => [k, String(v)])),
    );
  const fromSchema = (hostile: boolean) =>
    fc
      .record({
        params: paramsOf(hostile),
        query: textsOf(query, hostile),
        raw: body && takesBody ? valueOf(body, hostile).map(encode) : fc.constant(undefined),
      })
      .map((input) => ({ ...input, ...(input.raw !== undefined ? { contentType } : {}) }));
  const malformedBody = fc.record({
    params: paramsOf(false),
    query: fc.constant({}),
    raw: fc.oneof(
      anyJson.map((v) => JSON.stringify(v) ?? 'null'),
      fc.constantFrom(
        deep(1000, true),
        deep(1000, false),
        deep(100_000, false),
        '{',
        '{"a":1,}',
        '{"a":1,"a":{"b":2}}',
        '\ufeff{}',
        '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
        '\u0000',
        '',
      ),
      hostileText,
    ),
    contentType: fc.oneof(
      { weight: 4, arbitrary: fc.constant(contentType) },
      { weight: 1, arbitrary: wrongContentTypes },
    ),
  });
  // More parameters than the parser takes (1000), and the same name twice.
  const crowdedQuery = fc.record({
    params: paramsOf(false),
    query: fc
      .integer({ min: 1_001, max: 3_000 })
      .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, String(i)]))),
  });
  const repeatedQuery = fc.record({
    params: paramsOf(false),
    query: textsOf(query, true).map((q) =>
      Object.fromEntries(Object.entries(q).map(([k, v]) => [k, [v, v].flat()])),
    ),
  });
  const nearRecords =
    records && body && takesBody && defOf(body).type === 'object'
      ? [
          {
            weight: 4,
            arbitrary: nearValue(body, records).map((value) => ({
              params: {},
              query: {},
              raw: encode(value),
              contentType,
            })),
          },
        ]
      : [];
  return fc.oneof(
    ...nearRecords,
    { weight: 3, arbitrary: fromSchema(false) },
    { weight: 4, arbitrary: fromSchema(true) },
    // A body where none is expected is sent as well: it must be ignored or refused.
    { weight: takesBody ? 2 : 1, arbitrary: malformedBody },
    { weight: 1, arbitrary: fc.oneof(crowdedQuery, repeatedQuery) },
  );
}

/** The generated texts distinctive enough that finding one in the log means the input was logged. */
export function stringsOf(input: Input): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      // Its first 64 characters tell: a long run of one character is no mark, a random text is one early on.
      if (value.length >= 12 && new Set(value.slice(0, 64)).size >= 6) found.push(value);
      if (value.startsWith('{') || value.startsWith('[')) {
        try {
          visit(JSON.parse(value));
        } catch {
          // Not JSON: the text itself was taken above.
        }
      }
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null)
      Object.entries(value).forEach(([k, v]) => (visit(k), visit(v)));
  };
  // A path parameter's name is the route's (the request log shows the route's pattern), never a value sent;
  // a value that is a word (an action, `admission-start`) is shown where no route matched, as the route's
  // own words are (a URL refused before routing).
  visit(Object.values(input.params).filter((value) => !ROUTE_WORD.test(value)));
  visit(input.query);
  visit(input.raw);
  return found;
}
