/**
 * The subset of Go's html/template that Supabase's documented email templates use: `{{ .Field.Path }}`,
 * `{{ if … }}{{ else if … }}{{ else }}{{ end }}` with `eq`, `ne`, `and`, `or`, `not`, `len`, `urlquery`,
 * string/number literals and parentheses, `{{- -}}` trimming and comment actions, and variables (`{{ $x := … }}`,
 * `{{ $x = … }}`, `$x`, `$x.Field`, `$`) scoped as in Go: to the `{{ end }}` of the `if` that declares them. Output is HTML-escaped
 * (optional), not escaped by context: html/template would also percent-encode a value inside a URL attribute, so a
 * value that goes into a link's query is written `{{ urlquery .X }}`, which prints the same bytes in both.
 * A missing map key is "no value": it prints as "" and compares unequal, as in Go.
 */
type Expr =
  | { kind: 'field'; variable?: string; path: string[] }
  | { kind: 'literal'; value: unknown }
  | { kind: 'call'; fn: string; args: Expr[] };
type Node =
  | { kind: 'text'; text: string }
  | { kind: 'output'; expr: Expr }
  | { kind: 'declare'; name: string; expr: Expr }
  | { kind: 'assign'; name: string; expr: Expr }
  | { kind: 'if'; branches: { cond: Expr; body: Node[] }[]; otherwise: Node[] };

export type TemplateData = Record<string, unknown>;
const MISSING = Symbol('no value');

export class GoTemplate {
  private readonly nodes: Node[];
  constructor(source: string) {
    this.nodes = parse(tokenize(source));
  }

  render(data: TemplateData, escapeHtml = true): string {
    return renderNodes(this.nodes, data, escapeHtml, [{ name: '$', value: data }]);
  }
}

type Token = { kind: 'text'; text: string } | { kind: 'action'; body: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < source.length) {
    const open = source.indexOf('{{', pos);
    if (open === -1) {
      tokens.push({ kind: 'text', text: source.slice(pos) });
      break;
    }
    const close = source.indexOf('}}', open + 2);
    if (close === -1) throw new Error(`template: unclosed action at offset ${open}`);
    let text = source.slice(pos, open);
    let body = source.slice(open + 2, close);
    if (body.startsWith('-') && /^-\s/.test(body)) {
      text = text.replace(/\s+$/, '');
      body = body.slice(1);
    }
    let next = close + 2;
    if (/\s-$/.test(body)) {
      body = body.slice(0, -1);
      const rest = /^\s*/.exec(source.slice(next))![0];
      next += rest.length;
    }
    if (text) tokens.push({ kind: 'text', text });
    body = body.trim();
    if (!(body.startsWith('/*') && body.endsWith('*/'))) tokens.push({ kind: 'action', body });
    pos = next;
  }
  return tokens;
}

function parse(tokens: Token[]): Node[] {
  let i = 0;
  // Variables in scope while parsing, as Go's parser tracks them: using or assigning an undeclared one is an error.
  const vars = ['$'];
  const block = (terminators: string[]): { nodes: Node[]; end: string } => {
    const nodes: Node[] = [];
    while (i < tokens.length) {
      const t = tokens[i++]!;
      if (t.kind === 'text') {
        nodes.push({ kind: 'text', text: t.text });
        continue;
      }
      const word = t.body.split(/\s+/)[0]!;
      if (terminators.includes(word)) return { nodes, end: t.body };
      const variable = /^(\$[\p{L}\p{N}_]+)\s*(:?=)\s*(.*)$/su.exec(t.body);
      if (word === 'if') nodes.push(parseIf(t.body.slice(2)));
      else if (word === 'else' || word === 'end') throw new Error(`template: unexpected {{${t.body}}}`);
      else if (variable) {
        const [, name, op, value] = variable as unknown as [string, string, string, string];
        const expr = parseExpr(value, vars);
        if (op === ':=') vars.push(name);
        else if (!vars.includes(name)) throw new Error(`template: undefined variable "${name}"`);
        nodes.push(op === ':=' ? { kind: 'declare', name, expr } : { kind: 'assign', name, expr });
      } else nodes.push({ kind: 'output', expr: parseExpr(t.body, vars) });
    }
    if (terminators.length) throw new Error('template: missing {{ end }}');
    return { nodes, end: '' };
  };
  const parseIf = (condText: string): Node => {
    const scope = vars.length;
    const branches: { cond: Expr; body: Node[] }[] = [];
    let cond = parseExpr(condText, vars);
    for (;;) {
      const { nodes, end } = block(['else', 'end']);
      branches.push({ cond, body: nodes });
      if (end === 'end') break;
      const elseIf = /^else\s+if\s+(.+)$/s.exec(end);
      if (elseIf) {
        cond = parseExpr(elseIf[1]!, vars);
        continue;
      }
      const rest = block(['end']);
      vars.length = scope;
      return { kind: 'if', branches, otherwise: rest.nodes };
    }
    vars.length = scope;
    return { kind: 'if', branches, otherwise: [] };
  };
  return block([]).nodes;
}

function parseExpr(text: string, vars: readonly string[]): Expr {
  const tokens = text.match(/"(?:[^"\\]|\\.)*"|`[^`]*`|\(|\)|[^\s()]+/g) ?? [];
  let i = 0;
  const term = (): Expr => {
    const t = tokens[i++];
    if (t === undefined) throw new Error(`template: incomplete expression "${text}"`);
    if (t === '(') {
      const e = call();
      if (tokens[i++] !== ')') throw new Error(`template: missing ) in "${text}"`);
      return e;
    }
    if (t.startsWith('"')) return { kind: 'literal', value: JSON.parse(t) as string };
    if (t.startsWith('`')) return { kind: 'literal', value: t.slice(1, -1) };
    if (t === '.') return { kind: 'field', path: [] };
    if (t.startsWith('.')) return { kind: 'field', path: t.slice(1).split('.') };
    if (t.startsWith('$')) {
      const [variable, ...path] = t.split('.') as [string, ...string[]];
      if (!vars.includes(variable)) throw new Error(`template: undefined variable "${variable}"`);
      return { kind: 'field', variable, path };
    }
    if (t === 'true' || t === 'false') return { kind: 'literal', value: t === 'true' };
    if (/^-?\d+(\.\d+)?$/.test(t)) return { kind: 'literal', value: Number(t) };
    throw new Error(`template: unsupported term "${t}"`);
  };
  const call = (): Expr => {
    const head = tokens[i];
    if (head && /^[a-z]+$/.test(head) && head !== 'true' && head !== 'false') {
      i++;
      if (!Object.hasOwn(FUNCS, head)) throw new Error(`template: function "${head}" not defined`);
      const args: Expr[] = [];
      while (i < tokens.length && tokens[i] !== ')') args.push(term());
      return { kind: 'call', fn: head, args };
    }
    return term();
  };
  const expr = call();
  if (i !== tokens.length) throw new Error(`template: unexpected "${tokens[i]}" in "${text}"`);
  return expr;
}

const truthy = (v: unknown): boolean =>
  v !== MISSING &&
  v !== undefined &&
  v !== null &&
  v !== false &&
  v !== 0 &&
  v !== '' &&
  !(Array.isArray(v) && v.length === 0) &&
  !(typeof v === 'object' && Object.keys(v).length === 0);

/** Go's url.QueryEscape: UTF-8 bytes, only A-Z a-z 0-9 - _ . ~ kept, space as '+', upper-case hex. */
function queryEscape(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else if (c === ' ') out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const printed = (v: unknown): string => (typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * How html/template hands escaper arguments over (fmt.Sprint): a missing key is a nil interface, "<nil>"; a space
 * goes between two operands when neither is a string.
 */
const sprint = (args: unknown[]): string =>
  args
    .map((a, i) => {
      const text = a === MISSING || a === undefined || a === null ? '<nil>' : printed(a);
      const spaced = i > 0 && typeof a !== 'string' && typeof args[i - 1] !== 'string';
      return spaced ? ` ${text}` : text;
    })
    .join('');

const FUNCS: Record<string, (args: unknown[]) => unknown> = {
  eq: ([a, ...rest]) => a !== MISSING && rest.some((b) => b === a),
  ne: ([a, b]) => a !== b,
  not: ([a]) => !truthy(a),
  and: (args) => args.find((a) => !truthy(a)) ?? args[args.length - 1],
  or: (args) => args.find((a) => truthy(a)) ?? args[args.length - 1],
  len: ([a]) =>
    typeof a === 'string' || Array.isArray(a)
      ? a.length
      : a && typeof a === 'object'
        ? Object.keys(a).length
        : 0,
  urlquery: (args) => queryEscape(sprint(args)),
};

interface Variable {
  name: string;
  value: unknown;
}

/** Go's state.varValue: the innermost variable of that name still in scope. */
function variableAt(vars: Variable[], name: string): Variable {
  const found = vars.findLast((v) => v.name === name);
  if (!found) throw new Error(`template: undefined variable: ${name}`);
  return found;
}

function evaluate(expr: Expr, data: TemplateData, vars: Variable[]): unknown {
  if (expr.kind === 'literal') return expr.value;
  if (expr.kind === 'call') return FUNCS[expr.fn]!(expr.args.map((a) => evaluate(a, data, vars)));
  let value: unknown = expr.variable ? variableAt(vars, expr.variable).value : data;
  for (const key of expr.path) {
    // Own keys only: `.Data.constructor` on user metadata must be missing, not Object's constructor.
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, key)) return MISSING;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

// html/template's htmlReplacementTable, for text and quoted attributes alike.
const ESCAPES: Record<string, string> = {
  '\0': '\uFFFD',
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&#34;',
  "'": '&#39;',
  '+': '&#43;',
};

function renderNodes(nodes: Node[], data: TemplateData, escape: boolean, vars: Variable[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'output') {
      const v = evaluate(node.expr, data, vars);
      const text = v === MISSING || v === undefined || v === null ? '' : printed(v);
      out += escape ? text.replace(/[\0&<>"'+]/g, (c) => ESCAPES[c]!) : text;
    } else if (node.kind === 'declare')
      vars.push({ name: node.name, value: evaluate(node.expr, data, vars) });
    else if (node.kind === 'assign') variableAt(vars, node.name).value = evaluate(node.expr, data, vars);
    else {
      // Variables declared inside end with the if (Go's walkIfOrWith pops to its mark).
      const scope = vars.length;
      const branch = node.branches.find((b) => truthy(evaluate(b.cond, data, vars)));
      out += renderNodes(branch ? branch.body : node.otherwise, data, escape, vars);
      vars.length = scope;
    }
  }
  return out;
}
