import { parseError } from '../errors.ts';

/**
 * PostgREST's URL grammar (src/PostgREST/ApiRequest/QueryParams.hs) as a small recursive-descent parser. Every
 * value stays a string here; the SQL builder binds it as a parameter.
 */

export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
  /** An array index (`->0`, `->-1`) rather than an object key. */
  index: boolean;
}

export interface Field {
  name: string;
  json: JsonStep[];
}

/** PostgREST's aggregate functions (off unless `db-aggregates-enabled`). */
export type Aggregate = 'sum' | 'avg' | 'count' | 'max' | 'min';

export type SelectItem =
  | {
      kind: 'field';
      field: Field;
      alias?: string;
      cast?: string;
      aggregate?: Aggregate;
      /** `::type` after the aggregate. */
      aggregateCast?: string;
    }
  | {
      kind: 'relation';
      name: string;
      alias?: string;
      hint?: string;
      inner: boolean;
      spread: boolean;
      children: SelectItem[];
    };

export type IsValue = 'null' | 'not_null' | 'true' | 'false' | 'unknown';

export type Operation =
  | {
      op: 'eq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'match' | 'imatch';
      quant?: 'any' | 'all';
      value: string;
    }
  | { op: 'neq' | 'cs' | 'cd' | 'ov' | 'sl' | 'sr' | 'nxr' | 'nxl' | 'adj'; value: string }
  | { op: 'in'; values: string[] }
  | { op: 'is'; value: IsValue }
  | { op: 'isdistinct'; value: string }
  | { op: 'fts' | 'plfts' | 'phfts' | 'wfts'; lang?: string; value: string };

export interface Filter {
  field: Field;
  negate: boolean;
  operation: Operation;
}

export type LogicTree =
  | { kind: 'filter'; filter: Filter }
  | { kind: 'expr'; negate: boolean; op: 'and' | 'or'; children: LogicTree[] };

export interface OrderTerm {
  /** `rel(col)`: order by a column of a to-one embedded resource. */
  relation?: string;
  field: Field;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

export interface Range {
  offset: number;
  /** undefined = no limit. */
  limit?: number;
}

export interface QueryParams {
  select: SelectItem[];
  /** Filters by embed path ([] = the top level). */
  filters: { path: string[]; filter: Filter }[];
  logic: { path: string[]; tree: LogicTree }[];
  order: { path: string[]; terms: OrderTerm[] }[];
  /** Ranges by embed path joined with '.' ('' = the top level). */
  ranges: Map<string, Range>;
  columns?: string[];
  onConflict?: string[];
  /** For RPC reads: parameters without an operator are the function's arguments. */
  rpcArgs: [string, string][];
  /** PostgREST's Content-Location: the query string, sorted by key. */
  canonical: string;
}

const QUANT_OPS = ['eq', 'gte', 'gt', 'lte', 'lt', 'like', 'ilike', 'match', 'imatch'] as const;
const SIMPLE_OPS = ['neq', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxr', 'nxl', 'adj'] as const;
const FTS_OPS = ['fts', 'plfts', 'phfts', 'wfts'] as const;
const IS_VALUES: IsValue[] = ['null', 'not_null', 'true', 'false', 'unknown'];
const OPERATOR_EXPECTED = 'expecting "not" or operator (eq, gt, ...)';

class Failure {
  readonly pos: number;
  readonly expected: string;
  constructor(pos: number, expected: string) {
    this.pos = pos;
    this.expected = expected;
  }
}

/** A cursor over one parameter's text. Failures carry the position and what was expected, as parsec reports. */
class Cursor {
  pos = 0;
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  get done(): boolean {
    return this.pos >= this.text.length;
  }
  peek(n = 1): string {
    return this.text.slice(this.pos, this.pos + n);
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }
  expect(s: string, what = `"${s}"`): void {
    if (!this.eat(s)) this.fail(what);
  }
  fail(expected: string): never {
    throw new Failure(this.pos, expected);
  }
  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }
}

const IDENT_CHAR = /[\p{L}\p{N}_ $]/u;

function quoted(c: Cursor): string | undefined {
  if (c.peek() !== '"') return undefined;
  c.pos++;
  let out = '';
  for (;;) {
    if (c.done) c.fail('"\\"" (end of quoted value)');
    const ch = c.peek();
    c.pos++;
    if (ch === '"') return out;
    if (ch === '\\') {
      if (c.done) c.fail('an escaped character');
      out += c.peek();
      c.pos++;
    } else out += ch;
  }
}

function identifierRun(c: Cursor, allowed: (ch: string) => boolean): string {
  const start = c.pos;
  while (!c.done && allowed(c.peek())) c.pos++;
  return c.text.slice(start, c.pos);
}

/** pFieldName: a quoted name or identifier characters joined by dashes that do not start an arrow. */
function fieldName(c: Cursor): string {
  const q = quoted(c);
  if (q !== undefined) return q;
  const parts: string[] = [];
  for (;;) {
    const part = identifierRun(c, (ch) => IDENT_CHAR.test(ch)).trim();
    if (!part) c.fail('field name (* or [a..z0..9_$])');
    parts.push(part);
    if (c.peek() === '-' && c.peek(2) !== '->') {
      c.pos++;
      continue;
    }
    return parts.join('-');
  }
}

function jsonKeyName(c: Cursor): string {
  const q = quoted(c);
  if (q !== undefined) return q;
  const parts: string[] = [];
  for (;;) {
    const part = identifierRun(c, (ch) => !'(-:.,>)'.includes(ch)).trim();
    if (!part) c.fail('any non reserved character different from: .,>()');
    parts.push(part);
    if (c.peek() === '-' && c.peek(2) !== '->') {
      c.pos++;
      continue;
    }
    return parts.join('-');
  }
}

function jsonPath(c: Cursor): JsonStep[] {
  const steps: JsonStep[] = [];
  for (;;) {
    const arrow = c.startsWith('->>') ? '->>' : c.startsWith('->') ? '->' : undefined;
    if (!arrow) return steps;
    c.pos += arrow.length;
    const m = /^-?\d+/.exec(c.text.slice(c.pos));
    const after = m ? c.text.slice(c.pos + m[0].length) : '';
    if (m && (after === '' || /^(->|::|\.|,|\))/.test(after))) {
      c.pos += m[0].length;
      steps.push({ arrow, key: m[0], index: true });
    } else {
      steps.push({ arrow, key: jsonKeyName(c), index: false });
    }
  }
}

function field(c: Cursor): Field {
  c.skipSpaces();
  const name = fieldName(c);
  const json = jsonPath(c);
  c.skipSpaces();
  return { name, json };
}

/** `name:` before a field or relation (a single colon; `::` is a cast). */
function alias(c: Cursor): string | undefined {
  const start = c.pos;
  try {
    const name = fieldName(c);
    if (c.peek() === ':' && c.peek(2) !== '::') {
      c.pos++;
      return name;
    }
  } catch (err) {
    if (!(err instanceof Failure)) throw err;
  }
  c.pos = start;
  return undefined;
}

const CAST = /^[\p{L}\p{N}_ $]+/u;

function selectList(c: Cursor, depth: number): SelectItem[] {
  const items: SelectItem[] = [];
  if (c.done || c.peek() === ')') return items;
  for (;;) {
    items.push(selectItem(c, depth));
    c.skipSpaces();
    if (c.eat(',')) {
      c.skipSpaces();
      continue;
    }
    return items;
  }
}

function embedParams(c: Cursor): { hint?: string; inner: boolean } {
  let hint: string | undefined;
  let inner = false;
  for (let i = 0; i < 2 && c.peek() === '!'; i++) {
    c.pos++;
    if (c.startsWith('inner')) {
      c.pos += 5;
      inner = true;
    } else if (c.startsWith('left')) {
      c.pos += 4;
      inner = false;
    } else hint = fieldName(c);
  }
  return { hint, inner };
}

function selectItem(c: Cursor, depth: number): SelectItem {
  c.skipSpaces();
  if (depth > 16) c.fail('a shallower select (at most 16 nested embeds)');
  if (c.eat('...')) {
    const name = fieldName(c);
    const { hint, inner } = embedParams(c);
    c.expect('(');
    const children = selectList(c, depth + 1);
    c.expect(')', '")"');
    return { kind: 'relation', name, hint, inner, spread: true, children };
  }
  if (c.peek() === '*') {
    c.pos++;
    c.skipSpaces();
    if (!(c.done || c.peek() === ',' || c.peek() === ')')) c.fail('",", ")" or end of input');
    return { kind: 'field', field: { name: '*', json: [] } };
  }
  const start = c.pos;
  const aliased = alias(c);
  const afterAlias = c.pos;
  // A relation: name, optional !hint/!inner, then '('.
  try {
    const name = fieldName(c);
    const { hint, inner } = embedParams(c);
    if (c.peek() === '(' && name !== 'count') {
      c.pos++;
      const children = selectList(c, depth + 1);
      c.expect(')', '")"');
      return { kind: 'relation', name, alias: aliased, hint, inner, spread: false, children };
    }
  } catch (err) {
    if (!(err instanceof Failure)) throw err;
  }
  c.pos = afterAlias;
  if (c.startsWith('count()')) {
    c.pos += 'count()'.length;
    const aggregateCast = castSuffix(c);
    selectEnd(c, start);
    return {
      kind: 'field',
      field: { name: '*', json: [] },
      alias: aliased,
      aggregate: 'count',
      aggregateCast,
    };
  }
  const f = field(c);
  const cast = castSuffix(c);
  const agg = /^\.(sum|avg|count|max|min)\(\)/.exec(c.text.slice(c.pos));
  let aggregate: Aggregate | undefined;
  let aggregateCast: string | undefined;
  if (agg) {
    aggregate = agg[1] as Aggregate;
    c.pos += agg[0].length;
    aggregateCast = castSuffix(c);
  }
  selectEnd(c, start);
  return { kind: 'field', field: f, alias: aliased, cast, aggregate, aggregateCast };
}

/** `::type` after a field or an aggregate. */
function castSuffix(c: Cursor): string | undefined {
  if (!c.eat('::')) return undefined;
  const m = CAST.exec(c.text.slice(c.pos));
  if (!m) c.fail('letter or digit');
  c.pos += m[0].length;
  return m[0].trim();
}

function selectEnd(c: Cursor, start: number): void {
  c.skipSpaces();
  if (!(c.done || c.peek() === ',' || c.peek() === ')')) {
    if (c.pos === start) c.fail('field name (* or [a..z0..9_$])');
    c.fail('"->>", "->", "::", ",", ")" or end of input');
  }
}

/** pListVal: `(a,"b,c",d)`. */
function listValue(c: Cursor): string[] {
  c.skipSpaces();
  c.expect('(');
  c.skipSpaces();
  const values: string[] = [];
  for (;;) {
    const start = c.pos;
    const q = c.peek() === '"' ? quoted(c) : undefined;
    if (q !== undefined && (c.done || ',)'.includes(c.peek()))) values.push(q);
    else {
      c.pos = start;
      values.push(identifierRun(c, (ch) => ch !== ',' && ch !== ')'));
    }
    if (c.eat(',')) continue;
    c.skipSpaces();
    c.expect(')', '"," or ")"');
    c.skipSpaces();
    return values;
  }
}

/** pOpExpr: `[not.]op[(quant|lang)].value`; `single` reads the value (the rest, or up to `,)` inside logic trees). */
function opExpr(c: Cursor, single: (c: Cursor) => string): { negate: boolean; operation: Operation } {
  const negate = c.eat('not.');
  const word = /^[a-z]+/.exec(c.text.slice(c.pos))?.[0] ?? '';
  if (word === 'in') {
    c.pos += 2;
    c.expect('.', 'delimiter (.)');
    return { negate, operation: { op: 'in', values: listValue(c) } };
  }
  if (word === 'is') {
    c.pos += 2;
    c.expect('.', 'delimiter (.)');
    const value = IS_VALUES.find((v) => c.text.slice(c.pos, c.pos + v.length).toLowerCase() === v);
    if (!value) c.fail('isVal: (null, not_null, true, false, unknown)');
    c.pos += value.length;
    return { negate, operation: { op: 'is', value } };
  }
  if (word === 'isdistinct') {
    c.pos += word.length;
    c.expect('.', 'delimiter (.)');
    return { negate, operation: { op: 'isdistinct', value: single(c) } };
  }
  const fts = FTS_OPS.find((o) => o === word);
  if (fts) {
    c.pos += fts.length;
    let lang: string | undefined;
    if (c.eat('(')) {
      lang = identifierRun(c, (ch) => IDENT_CHAR.test(ch)).trim();
      if (!lang) c.fail('letter or digit');
      c.expect(')');
    }
    c.expect('.', 'delimiter (.)');
    return { negate, operation: { op: fts, lang, value: single(c) } };
  }
  const simple = SIMPLE_OPS.find((o) => o === word);
  if (simple) {
    c.pos += simple.length;
    c.expect('.', 'delimiter (.)');
    return { negate, operation: { op: simple, value: single(c) } };
  }
  const quantOp = QUANT_OPS.find((o) => o === word);
  if (quantOp) {
    c.pos += quantOp.length;
    let quant: 'any' | 'all' | undefined;
    if (c.eat('(any)')) quant = 'any';
    else if (c.eat('(all)')) quant = 'all';
    c.expect('.', 'delimiter (.)');
    return { negate, operation: { op: quantOp, quant, value: single(c) } };
  }
  c.fail(negate ? 'operator (eq, gt, ...)' : OPERATOR_EXPECTED.replace('expecting ', ''));
}

const restOfInput = (c: Cursor) => {
  const v = c.text.slice(c.pos);
  c.pos = c.text.length;
  return v;
};

/** pLogicSingleVal: a quoted value, a `{…}` array literal, or everything up to `,` or `)`. */
function logicValue(c: Cursor): string {
  const start = c.pos;
  if (c.peek() === '"') {
    const q = quoted(c);
    if (q !== undefined && (c.done || ',)'.includes(c.peek()))) return q;
    c.pos = start;
  }
  if (c.peek() === '{') {
    const end = c.text.indexOf('}', c.pos);
    const inner = end < 0 ? '' : c.text.slice(c.pos + 1, end);
    if (end >= 0 && !inner.includes('{')) {
      c.pos = end + 1;
      return `{${inner}}`;
    }
  }
  return identifierRun(c, (ch) => ch !== ',' && ch !== ')');
}

function logicTree(c: Cursor, depth: number): LogicTree {
  c.skipSpaces();
  if (depth > 32) c.fail('a shallower logic tree');
  const start = c.pos;
  // A filter first (`a.eq.1`); else a nested `[not.]and(...)` / `or(...)`.
  try {
    const f = field(c);
    c.expect('.', 'delimiter (.)');
    const { negate, operation } = opExpr(c, logicValue);
    c.skipSpaces();
    return { kind: 'filter', filter: { field: f, negate, operation } };
  } catch (err) {
    if (!(err instanceof Failure)) throw err;
    c.pos = start;
  }
  const negate = c.eat('not.');
  let op: 'and' | 'or';
  if (c.eat('and')) op = 'and';
  else if (c.eat('or')) op = 'or';
  else c.fail('logic operator (and, or)');
  c.skipSpaces();
  c.expect('(');
  const children: LogicTree[] = [];
  for (;;) {
    children.push(logicTree(c, depth + 1));
    c.skipSpaces();
    if (c.eat(',')) continue;
    c.expect(')', '"," or ")"');
    c.skipSpaces();
    return { kind: 'expr', negate, op, children };
  }
}

function orderTerms(c: Cursor): OrderTerm[] {
  const terms: OrderTerm[] = [];
  for (;;) {
    c.skipSpaces();
    const start = c.pos;
    let relation: string | undefined;
    let f: Field;
    try {
      relation = fieldName(c);
      c.expect('(');
      f = field(c);
      c.expect(')');
    } catch (err) {
      if (!(err instanceof Failure)) throw err;
      c.pos = start;
      relation = undefined;
      f = field(c);
    }
    const term: OrderTerm = { relation, field: f };
    if (c.startsWith('.asc') || c.startsWith('.desc')) {
      term.direction = c.startsWith('.asc') ? 'asc' : 'desc';
      c.pos += term.direction.length + 1;
    }
    if (c.startsWith('.nullsfirst') || c.startsWith('.nullslast')) {
      term.nulls = c.startsWith('.nullsfirst') ? 'first' : 'last';
      c.pos += term.nulls === 'first' ? 11 : 10;
    }
    c.skipSpaces();
    terms.push(term);
    if (c.eat(',')) continue;
    if (!c.done)
      c.fail(term.direction ? '"nullsfirst" or "nullslast"' : '"asc", "desc", "nullsfirst" or "nullslast"');
    return terms;
  }
}

function columnList(c: Cursor): string[] {
  const cols: string[] = [];
  for (;;) {
    c.skipSpaces();
    cols.push(fieldName(c));
    c.skipSpaces();
    if (c.eat(',')) continue;
    if (!c.done) c.fail('"," or end of input');
    return cols;
  }
}

function treePath(c: Cursor): { path: string[]; field: Field } {
  const names = [fieldName(c)];
  while (c.eat('.')) names.push(fieldName(c));
  const json = jsonPath(c);
  if (!c.done) c.fail('"->>", "->", delimiter (.) or end of input');
  return { path: names.slice(0, -1), field: { name: names.at(-1)!, json } };
}

/** Runs one parser over a whole parameter, turning a failure into PGRST100 with PostgREST's message shape. */
function run<T>(what: string, text: string, parse: (c: Cursor) => T): T {
  const c = new Cursor(text);
  try {
    const value = parse(c);
    if (!c.done) c.fail('end of input');
    return value;
  } catch (err) {
    if (!(err instanceof Failure)) throw err;
    const unexpected = err.pos >= text.length ? 'end of input' : JSON.stringify(text[err.pos]);
    throw parseError(
      `"failed to parse ${what} (${text})" (line 1, column ${err.pos + 1})`,
      `unexpected ${unexpected} expecting ${err.expected}`,
    );
  }
}

export const parseSelect = (text: string) => run('select parameter', text, (c) => selectList(c, 0));
export const parseColumns = (what: string, text: string) => run(`${what} parameter`, text, columnList);
export const parseOrder = (text: string) => run('order', text, orderTerms);

export function parseFilter(key: string, value: string): { path: string[]; filter: Filter } {
  const { path, field: f } = run('tree path', key, treePath);
  const { negate, operation } = run('filter', value, (c) => opExpr(c, restOfInput));
  return { path, filter: { field: f, negate, operation } };
}

export function parseLogic(key: string, value: string): { path: string[]; tree: LogicTree } {
  const names = run('logic path', key, (c) => {
    const out = [fieldName(c)];
    while (c.eat('.')) out.push(fieldName(c));
    return out;
  });
  const negate = names.includes('not');
  const op = names.at(-1)!;
  const path = names.slice(0, -1).filter((n) => n !== 'not');
  const tree = run('logic tree', `${negate ? 'not.' : ''}${op}${value}`, (c) => logicTree(c, 0));
  return { path, tree };
}

const lastSegment = (key: string) => key.slice(key.lastIndexOf('.') + 1);
const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const EMBEDDABLE = new Set(['order', 'limit', 'offset', 'and', 'or']);

/** A non-negative integer as PostgREST's readMaybe reads it; anything else is ignored, as there. */
function readInteger(text: string): number | undefined {
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/**
 * Parses a query string. `rpcRead` is a GET/HEAD on a function: there, parameters without an operator are the
 * function's arguments instead of malformed filters.
 */
export function parseQuery(search: URLSearchParams, rpcRead: boolean): QueryParams {
  const entries = [...search.entries()];
  const lookup = (k: string) => entries.find(([key]) => key === k)?.[1];
  const nonEmpty = entries.filter(([, v]) => v !== '');
  const select = parseSelect(lookup('select') ?? '*');
  const columnsText = lookup('columns');
  const onConflictText = lookup('on_conflict');
  const out: QueryParams = {
    select,
    filters: [],
    logic: [],
    order: [],
    ranges: new Map(),
    columns: columnsText === undefined ? undefined : parseColumns('columns', columnsText),
    onConflict: onConflictText === undefined ? undefined : parseColumns('on_conflict', onConflictText),
    rpcArgs: [],
    canonical: [...entries]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&'),
  };
  const limits = new Map<string, number | undefined>();
  const offsets = new Map<string, number | undefined>();
  for (const [key, value] of nonEmpty) {
    const last = lastSegment(key);
    const prefix = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '';
    if (RESERVED.has(key)) continue;
    if (last === 'order') {
      const path = prefix ? run('tree path', prefix, (c) => treePath(c)) : undefined;
      out.order.push({ path: path ? [...path.path, path.field.name] : [], terms: parseOrder(value) });
    } else if (last === 'limit') limits.set(prefix, readInteger(value));
    else if (last === 'offset') offsets.set(prefix, readInteger(value));
    else if (last === 'and' || last === 'or') out.logic.push(parseLogic(key, value));
    else if (!EMBEDDABLE.has(last)) {
      if (rpcRead) {
        const c = new Cursor(value);
        let isFilter = true;
        try {
          opExpr(c, restOfInput);
        } catch (err) {
          if (!(err instanceof Failure)) throw err;
          isFilter = false;
        }
        if (!isFilter) {
          out.rpcArgs.push([key, value]);
          continue;
        }
      }
      out.filters.push(parseFilter(key, value));
    }
  }
  for (const key of new Set([...limits.keys(), ...offsets.keys()])) {
    out.ranges.set(key, { offset: offsets.get(key) ?? 0, limit: limits.get(key) });
  }
  return out;
}
