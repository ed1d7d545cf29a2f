import type { Sql } from './database.ts';

/**
 * Which columns of views and materialized views are never null, as `supabase gen types` (CLI 3.1.0) decides it:
 * Postgres marks every view column nullable, so the CLI reads each view's stored query tree (pg_rewrite.ev_action)
 * and follows a column that is a plain column reference, through subqueries, joins, GROUP BY and non-recursive CTEs,
 * to a NOT NULL table column (or a view column found not null the same way). A column on the nullable side of an
 * outer join, an expression, an aggregate, or anything under UNION or GROUPING SETS stays nullable.
 */

/** A column comment that declares the column not null. */
export const NOT_NULL_COMMENT = /^\s*@notNull\s*$/m;

interface ViewDefinition {
  viewId: number;
  definition: string;
  /** The table columns the view's rule depends on that are NOT NULL: [table oid, attnum]. */
  nonNullColumns: [number, number][];
}

/** The views of `schemas` and the views they read, with their query trees. */
async function viewDefinitions(sql: Sql, schemas: readonly string[]): Promise<ViewDefinition[]> {
  const { rows } = await sql.query<ViewDefinition>(
    `with recursive view_closure(oid) as (
       select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = any($1) and c.relkind in ('v', 'm')
       union
       select dep.refobjid from view_closure vc
         join pg_rewrite r on r.ev_class = vc.oid and r.rulename = '_RETURN'
         join pg_depend dep on dep.classid = 'pg_rewrite'::regclass and dep.objid = r.oid
           and dep.refclassid = 'pg_class'::regclass
         join pg_class rc on rc.oid = dep.refobjid and rc.relkind in ('v', 'm')
     )
     select r.ev_class::int as "viewId", r.ev_action::text as definition,
       coalesce((
         select json_agg(json_build_array(dep.refobjid::int, dep.refobjsubid))
         from pg_depend dep
           join pg_attribute a on a.attrelid = dep.refobjid and a.attnum = dep.refobjsubid
           join pg_type t on t.oid = a.atttypid
         where dep.classid = 'pg_rewrite'::regclass and dep.objid = r.oid
           and dep.refclassid = 'pg_class'::regclass and dep.refobjsubid > 0
           and (a.attnotnull or t.typtype = 'd' and t.typnotnull)
       ), '[]') as "nonNullColumns"
     from view_closure vc join pg_rewrite r on r.ev_class = vc.oid and r.rulename = '_RETURN'`,
    [schemas],
  );
  return rows;
}

/** A node of Postgres' text form of a parse tree (nodeToString): `{TYPE :field value ...}`, lists in `(...)`. */
interface TreeNode {
  type: string;
  fields: Record<string, Tree>;
}
type Tree = TreeNode | Tree[] | string | null;

interface Token {
  raw: string;
  text: string;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const space = (c: string) => c === ' ' || c === '\t' || c === '\n';
  const bracket = (c: string) => '(){}'.includes(c);
  while (i < source.length) {
    const c = source.charAt(i);
    if (space(c)) {
      i++;
      continue;
    }
    if (bracket(c)) {
      tokens.push({ raw: c, text: c });
      i++;
      continue;
    }
    const start = i;
    let text = '';
    while (i < source.length) {
      const d = source.charAt(i);
      if (d === '\\' && i + 1 < source.length) {
        text += source.charAt(i + 1);
        i += 2;
        continue;
      }
      if (space(d) || bracket(d)) break;
      text += d;
      i++;
    }
    tokens.push({ raw: source.slice(start, i), text });
  }
  return tokens;
}

/** Integer, OID, bitmap and expression lists start with a tag the list itself does not hold. */
const LIST_TAGS = new Set(['i', 'o', 'b', 'x']);

function parseTree(source: string): Tree {
  const tokens = tokenize(source);
  let at = 0;
  const peek = () => tokens[at];
  const next = () => {
    const token = tokens[at++];
    if (token === undefined) throw new Error('unexpected end of pg_node_tree');
    return token;
  };
  const endOfValue = (t: Token | undefined) => t === undefined || t.raw === '}' || t.raw.startsWith(':');
  const value = (): Tree => {
    const token = next();
    if (token.raw === '{') {
      const type = next().text;
      const fields: Record<string, Tree> = {};
      while (peek()?.raw !== '}') {
        const key = next().raw.slice(1);
        fields[key] = endOfValue(peek()) ? null : value();
        // Values of more than one token (a Const's datum bytes) keep only their first.
        while (!endOfValue(peek())) value();
      }
      next();
      return { type, fields };
    }
    if (token.raw === '(') {
      const list: Tree[] = [];
      const tag = peek();
      if (tag !== undefined && LIST_TAGS.has(tag.raw)) next();
      while (peek()?.raw !== ')') list.push(value());
      next();
      return list;
    }
    if (token.raw === '<>') return null;
    return token.text;
  };
  const tree = value();
  if (at !== tokens.length) throw new Error('trailing tokens after pg_node_tree');
  return tree;
}

const isNode = (tree: Tree | undefined, type?: string): tree is TreeNode =>
  typeof tree === 'object' &&
  tree !== null &&
  !Array.isArray(tree) &&
  (type === undefined || tree.type === type);
const list = (tree: Tree | undefined): Tree[] => (Array.isArray(tree) ? tree : []);

/** Range table kinds (RTEKind) and join types (JoinType), as nodeToString writes them. */
const RTE_RELATION = '0';
const RTE_SUBQUERY = '1';
const RTE_JOIN = '2';
const RTE_CTE = '6';
const RTE_GROUP = '9';
const JOIN_INNER = '0';
const JOIN_LEFT = '1';
const JOIN_RIGHT = '3';

/** A query whose output columns can be traced: no UNION/INTERSECT/EXCEPT and no GROUPING SETS. */
const traceable = (query: TreeNode) =>
  query.fields.setOperations === null && list(query.fields.groupingSets).length === 0;

/** Range-table indexes on the nullable side of an outer join. */
function nullableSides(query: TreeNode): Set<number> {
  const nullable = new Set<number>();
  const walk = (node: Tree, underNullable: boolean) => {
    if (isNode(node, 'RANGETBLREF')) {
      if (underNullable) nullable.add(Number(node.fields.rtindex));
    } else if (isNode(node, 'FROMEXPR')) {
      for (const item of list(node.fields.fromlist)) walk(item, underNullable);
    } else if (isNode(node, 'JOINEXPR')) {
      const type = node.fields.jointype;
      if (underNullable) nullable.add(Number(node.fields.rtindex));
      walk(node.fields.larg ?? null, underNullable || (type !== JOIN_INNER && type !== JOIN_LEFT));
      walk(node.fields.rarg ?? null, underNullable || (type !== JOIN_INNER && type !== JOIN_RIGHT));
    }
  };
  walk(query.fields.jointree ?? null, false);
  return nullable;
}

/** The not-null view columns of the views in `schemas`, as `<view oid>.<attnum>`, and the views looked at. */
export async function nonNullViewColumns(
  sql: Sql,
  schemas: readonly string[],
): Promise<{ views: Set<number>; columns: Set<string> }> {
  const views = await viewDefinitions(sql, schemas);
  const definitions = new Map(views.map((v) => [String(v.viewId), v.definition]));
  const nonNullTableColumns = new Set(
    views.flatMap((v) => v.nonNullColumns.map(([rel, attnum]) => `${rel}.${attnum}`)),
  );
  const perView = new Map<string, Set<number>>();
  const nullableCache = new Map<TreeNode, Set<number>>();
  const nullableOf = (query: TreeNode) => {
    let found = nullableCache.get(query);
    if (found === undefined) nullableCache.set(query, (found = nullableSides(query)));
    return found;
  };

  const notNullColumns = (viewId: string): Set<number> => {
    const known = perView.get(viewId);
    if (known !== undefined) return known;
    const found = new Set<number>();
    // Set first: a view that reaches itself again counts its columns as nullable.
    perView.set(viewId, found);
    try {
      const tree = parseTree(definitions.get(viewId) ?? '');
      const query = Array.isArray(tree) ? tree[0] : tree;
      if (isNode(query, 'QUERY') && traceable(query)) {
        for (const entry of list(query.fields.targetList)) {
          if (
            isNode(entry, 'TARGETENTRY') &&
            entry.fields.resjunk !== 'true' &&
            notNull(entry.fields.expr, [query])
          )
            found.add(Number(entry.fields.resno));
        }
      }
    } catch {
      // A tree this reader does not follow: every column stays nullable, as the CLI leaves it.
      found.clear();
    }
    return found;
  };
  const columnNotNull = (relationId: string, attnum: number) =>
    definitions.has(relationId)
      ? notNullColumns(relationId).has(attnum)
      : nonNullTableColumns.has(`${relationId}.${attnum}`);
  const outputNotNull = (query: Tree | undefined, resno: number, stack: TreeNode[]): boolean => {
    if (!isNode(query, 'QUERY') || !traceable(query)) return false;
    const entry = list(query.fields.targetList).find(
      (e) => isNode(e, 'TARGETENTRY') && Number(e.fields.resno) === resno,
    );
    return isNode(entry) && notNull(entry.fields.expr, [...stack, query]);
  };
  const notNull = (expr: Tree | undefined, stack: TreeNode[]): boolean => {
    const query = stack.at(-1);
    if (query === undefined || !isNode(expr, 'VAR') || expr.fields.varlevelsup !== '0') return false;
    const varno = Number(expr.fields.varno);
    const attno = Number(expr.fields.varattno);
    if (attno <= 0 || nullableOf(query).has(varno)) return false;
    const rte = list(query.fields.rtable)[varno - 1];
    if (!isNode(rte, 'RANGETBLENTRY')) return false;
    switch (rte.fields.rtekind) {
      case RTE_RELATION:
        return typeof rte.fields.relid === 'string' && columnNotNull(rte.fields.relid, attno);
      case RTE_SUBQUERY:
        return outputNotNull(rte.fields.subquery, attno, stack);
      case RTE_JOIN:
        return notNull(list(rte.fields.joinaliasvars)[attno - 1], stack);
      case RTE_GROUP:
        return notNull(list(rte.fields.groupexprs)[attno - 1], stack);
      case RTE_CTE: {
        const levelsUp = Number(rte.fields.ctelevelsup);
        const owner = stack.at(-1 - levelsUp);
        const cte = list(owner?.fields.cteList).find(
          (c) => isNode(c, 'COMMONTABLEEXPR') && c.fields.ctename === rte.fields.ctename,
        );
        return (
          isNode(cte) &&
          cte.fields.cterecursive !== 'true' &&
          outputNotNull(cte.fields.ctequery, attno, stack.slice(0, stack.length - levelsUp))
        );
      }
      default:
        return false;
    }
  };

  const columns = new Set<string>();
  for (const viewId of definitions.keys())
    for (const attnum of notNullColumns(viewId)) columns.add(`${viewId}.${attnum}`);
  return { views: new Set(views.map((v) => v.viewId)), columns };
}
