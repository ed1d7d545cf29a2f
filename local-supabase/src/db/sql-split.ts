/**
 * Splits a SQL file into statements exactly as the Supabase CLI does (`pkg/parser`: state.go and token.go), so a
 * migration that runs here is split the same way by `supabase db push` and its history rows match. Ported state for
 * state, quirks included: `;` ends a statement unless inside quotes, comments, dollar quotes, parentheses or a
 * `BEGIN ATOMIC … END` body. Each statement keeps its comments; it is trimmed of trailing `;` and of white space.
 */

export interface Statement {
  /** As the CLI records it in `supabase_migrations.schema_migrations.statements`. */
  text: string;
  /** Where `text` starts in the file (UTF-16 index), for error lines. */
  offset: number;
}

/** The token being scanned: the file, where the token starts and the end of the character just read. */
interface Scan {
  sql: string;
  start: number;
  end: number;
}

const endsWith = (s: Scan, suffix: string, caseInsensitive = false): boolean => {
  const from = s.end - suffix.length;
  if (from < s.start) return false;
  const window = s.sql.slice(from, s.end);
  return caseInsensitive ? window.toLowerCase() === suffix.toLowerCase() : window === suffix;
};

const IDENTIFIER = /^[\p{L}\p{Nd}_$]$/u;
const TAG = /^[\p{L}\p{Nd}_]$/u;
/** Go's unicode.IsSpace, which strings.TrimSpace uses (unlike String#trim, not U+FEFF). */
const SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/u;

/** The character (code point) that ends before `end`. */
function charBefore(sql: string, end: number): string {
  const low = sql.charCodeAt(end - 1);
  if (end >= 2 && low >= 0xdc00 && low <= 0xdfff) return sql.slice(end - 2, end);
  return sql.slice(end - 1, end);
}

/** `BEGIN ATOMIC` just read (state.go isBeginAtomic). */
function isBeginAtomic(s: Scan): boolean {
  if (!endsWith(s, 'ATOMIC', true)) return false;
  let offset = s.end - 'ATOMIC'.length;
  if (offset > s.start && IDENTIFIER.test(charBefore(s.sql, offset))) return false;
  while (offset > s.start && SPACE.test(charBefore(s.sql, offset)))
    offset -= charBefore(s.sql, offset).length;
  const begin = offset - 'BEGIN'.length;
  if (begin < s.start || s.sql.slice(begin, offset).toUpperCase() !== 'BEGIN') return false;
  return begin === s.start || !IDENTIFIER.test(charBefore(s.sql, begin));
}

/** A scanner state: the next state, or null to end the statement (state.go State). */
interface State {
  next(r: string, s: Scan): State | null;
}

class Ready implements State {
  next(r: string, s: Scan): State | null {
    switch (r) {
      case '$':
        return new Tag(s.end - 1);
      case "'":
      case '"':
        return new Quote(r);
      case '-':
        return new Comment();
      case '/':
        return new Block();
      case '\\':
        return new Escape();
      case ';':
        return null;
      case '(':
        return new Atomic(this, ')');
      case 'c':
      case 'C':
        if (isBeginAtomic(s)) return new Atomic(this, 'END');
    }
    return this;
  }
}

class Comment implements State {
  next(r: string, s: Scan): State | null {
    // No characters are escaped in a line comment, as in a dollar quote.
    return r === '-' ? new Dollar('\n') : new Ready().next(r, s);
  }
}

class Block implements State {
  private depth = 0;
  next(r: string, s: Scan): State | null {
    if (endsWith(s, '/*')) {
      this.depth += 1;
      return this;
    }
    if (this.depth === 0) return new Ready().next(r, s);
    if (endsWith(s, '*/')) {
      this.depth -= 1;
      if (this.depth === 0) return new Ready();
    }
    return this;
  }
}

class Quote implements State {
  private escape = false;
  private readonly delimiter: string;
  constructor(delimiter: string) {
    this.delimiter = delimiter;
  }
  next(r: string, s: Scan): State | null {
    if (this.escape) {
      // A doubled quote is an escaped quote.
      if (r === this.delimiter) {
        this.escape = false;
        return this;
      }
      return new Ready().next(r, s);
    }
    if (r === this.delimiter) this.escape = true;
    return this;
  }
}

class Dollar implements State {
  private readonly delimiter: string;
  constructor(delimiter: string) {
    this.delimiter = delimiter;
  }
  next(_r: string, s: Scan): State | null {
    return endsWith(s, this.delimiter) ? new Ready() : this;
  }
}

class Tag implements State {
  private readonly offset: number;
  constructor(offset: number) {
    this.offset = offset;
  }
  next(r: string, s: Scan): State | null {
    if (r === '$') return new Dollar(s.sql.slice(this.offset, s.end));
    if (TAG.test(r)) return this;
    return new Ready().next(r, s);
  }
}

class Escape implements State {
  next(): State | null {
    return new Ready();
  }
}

class Atomic implements State {
  private prev: State;
  private readonly delimiter: string;
  constructor(prev: State, delimiter: string) {
    this.prev = prev;
    this.delimiter = delimiter;
  }
  next(r: string, s: Scan): State | null {
    // Inside quotes the delimiter does not count.
    const current = this.prev.next(r, s);
    if (current !== null) this.prev = current;
    if (this.prev instanceof Ready && endsWith(s, this.delimiter, true)) return new Ready();
    return this;
  }
}

/** The CLI's Split: each statement as scanned, with its `;` and surrounding white space and comments. */
export function splitTokens(sql: string): string[] {
  return tokenBounds(sql).map(([start, end]) => sql.slice(start, end));
}

/** The CLI's SplitAndTrim: statements without their trailing `;` and white space; empty ones are dropped. */
export function splitStatements(sql: string): Statement[] {
  const statements: Statement[] = [];
  for (const [start, end] of tokenBounds(sql)) {
    const token = sql.slice(start, end).replace(/;+$/, '');
    const text = trimSpace(token);
    if (text) statements.push({ text, offset: start + (token.length - trimStartSpace(token).length) });
  }
  return statements;
}

function tokenBounds(sql: string): [number, number][] {
  const bounds: [number, number][] = [];
  let state: State = new Ready();
  let start = 0;
  for (let i = 0; i < sql.length;) {
    const r = String.fromCodePoint(sql.codePointAt(i)!);
    i += r.length;
    const next = state.next(r, { sql, start, end: i });
    if (next === null) {
      bounds.push([start, i]);
      start = i;
      state = new Ready();
    } else {
      state = next;
    }
  }
  if (start < sql.length) bounds.push([start, sql.length]);
  return bounds;
}

const LEADING = new RegExp(`^${SPACE.source}+`, 'u');
const TRAILING = new RegExp(`${SPACE.source}+$`, 'u');
const trimStartSpace = (s: string) => s.replace(LEADING, '');
const trimSpace = (s: string) => trimStartSpace(s).replace(TRAILING, '');
