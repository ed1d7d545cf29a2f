import { format } from 'prettier';
import type { Sql } from './database.ts';
import {
  type Column,
  type FunctionArg,
  type PgFunction,
  type PgType,
  type Relation,
  type Relationship,
  type SchemaMetadata,
  introspect,
} from './introspect.ts';

/**
 * `supabase gen types typescript`: the CLI runs postgres-meta's TypeScript template (src/server/templates/
 * typescript.ts) over the exposed schemas with one-to-one detection on; this renders the same declarations from
 * the same catalog rows, formatted as that template formats them (Prettier, no semicolons).
 */
export interface TypesOptions {
  /** `[api] schemas` of config.toml; the CLI adds `public` first. */
  schemas: readonly string[];
  /** Emits `__InternalSupabase: { PostgrestVersion }`, which supabase-js reads to pick its PostgREST features. */
  postgrestVersion?: string;
}

export async function generateTypes(sql: Sql, options: TypesOptions): Promise<string> {
  const schemas = [...new Set(['public', ...options.schemas])];
  return renderTypes(await introspect(sql, schemas), options.postgrestVersion);
}

/** json, jsonb and text: the types PostgREST accepts for a single unnamed argument. */
const UNNAMED_ARG_TYPES = new Set([114, 3802, 25]);
const IN_MODES = new Set<FunctionArg['mode']>(['in', 'inout', 'variadic']);
const DEFAULT_SCHEMA = 'public';

const NUMBER = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric']);
const STRING = new Set([
  'bytea',
  'bpchar',
  'varchar',
  'date',
  'text',
  'citext',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'uuid',
  'vector',
  'interval',
]);

const q = (value: unknown) => JSON.stringify(value);
const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
const EMPTY = '[_ in never]: never';

interface Fn {
  fn: PgFunction;
  inArgs: FunctionArg[];
}

export async function renderTypes(meta: SchemaMetadata, postgrestVersion?: string): Promise<string> {
  const schemas = [...meta.schemas].sort((a, b) => a.localeCompare(b));
  const included = new Set(schemas);
  const typesById = new Map(meta.types.map((t) => [t.id, t]));
  const rowTypes = new Map(meta.types.filter((t) => t.typeRelationId !== null).map((t) => [t.id, t]));
  const relationNames = new Map(meta.relations.map((r) => [r.id, r.name]));
  const tables = meta.relations.filter((r) => r.kind === 'table');
  const views = meta.relations.filter((r) => r.kind === 'view');
  const columnsOf = new Map<number, Column[]>(meta.relations.map((r) => [r.id, []]));
  for (const column of meta.columns) columnsOf.get(column.tableId)?.push(column);
  for (const list of columnsOf.values()) list.sort(byName);

  const relationships = [...meta.relationships].sort(
    (a, b) =>
      a.foreignKeyName.localeCompare(b.foreignKeyName) ||
      a.referencedRelation.localeCompare(b.referencedRelation) ||
      q(a.referencedColumns).localeCompare(q(b.referencedColumns)),
  );
  const relationshipsOf = (r: Relation) =>
    relationships.filter(
      (x) => x.schema === r.schema && x.relation === r.name && x.referencedSchema === r.schema,
    );

  /** A relation's name for a function's result: the table or view, else the composite type's. */
  const returnTableName = (fn: PgFunction): string | null => {
    if (!fn.returnTypeRelationId) return null;
    return relationNames.get(fn.returnTypeRelationId) ?? rowTypes.get(fn.returnTypeId)?.name ?? null;
  };

  const tsType = (schema: string, pgType: string): string => {
    if (pgType === 'bool') return 'boolean';
    if (NUMBER.has(pgType)) return 'number';
    if (STRING.has(pgType)) return 'string';
    if (pgType === 'json' || pgType === 'jsonb') return 'Json';
    if (pgType === 'void') return 'undefined';
    if (pgType === 'record') return 'Record<string, unknown>';
    if (pgType.startsWith('_')) return `(${tsType(schema, pgType.slice(1))})[]`;
    const pick = <T extends { schema: string }>(list: T[]) =>
      list.find((t) => t.schema === schema) ?? list[0];
    const enumType = pick(meta.types.filter((t) => t.name === pgType && t.enums.length > 0));
    if (enumType) {
      return included.has(enumType.schema)
        ? `Database[${q(enumType.schema)}]["Enums"][${q(enumType.name)}]`
        : enumType.enums.map(q).join('|');
    }
    const composite = pick(meta.types.filter((t) => t.name === pgType && t.attributes.length > 0));
    if (composite) {
      return included.has(composite.schema)
        ? `Database[${q(composite.schema)}]["CompositeTypes"][${q(composite.name)}]`
        : 'unknown';
    }
    const table = pick(tables.filter((t) => t.name === pgType));
    if (table) return `Database[${q(table.schema)}]["Tables"][${q(table.name)}]["Row"]`;
    const view = pick(views.filter((v) => v.name === pgType));
    if (view) return `Database[${q(view.schema)}]["Views"][${q(view.name)}]["Row"]`;
    return 'unknown';
  };
  const typeOf = (schema: string, typeId: number) => {
    const type = typesById.get(typeId);
    return type ? tsType(schema, type.name) : 'unknown';
  };
  const nullable = (type: string, isNullable: boolean) =>
    type === 'unknown' || type === 'any' || !isNullable ? type : `${type} | null`;
  const field = (schema: string, name: string, pgType: string, isNullable: boolean, optional: boolean) =>
    `${q(name)}${optional ? '?' : ''}: ${nullable(tsType(schema, pgType), isNullable)}`;

  const perSchema = new Map(
    schemas.map((schema) => [
      schema,
      {
        tables: meta.relations
          .filter((r) => r.schema === schema && (r.kind === 'table' || r.kind === 'foreign'))
          .sort(byName),
        views: meta.relations
          .filter((r) => r.schema === schema && (r.kind === 'view' || r.kind === 'matview'))
          .map((r) => (r.kind === 'matview' ? { ...r, isUpdatable: false } : r))
          .sort(byName),
        functions: [] as Fn[],
        enums: meta.types.filter((t) => t.schema === schema && t.enums.length > 0).sort(byName),
        composites: meta.types.filter((t) => t.schema === schema && t.attributes.length > 0).sort(byName),
      },
    ]),
  );

  for (const fn of meta.functions) {
    const bucket = perSchema.get(fn.schema);
    if (!bucket) continue;
    const args = [...fn.args].sort(byName);
    const inArgs = args.filter((a) => IN_MODES.has(a.mode));
    const callable =
      inArgs.length === 0 ||
      inArgs.every((a) => a.name !== '' || (a.hasDefault && UNNAMED_ARG_TYPES.has(a.typeId))) ||
      // One unnamed argument: json/jsonb/text, or a row type (a computed field, or reported as an error below).
      (inArgs.length === 1 && (UNNAMED_ARG_TYPES.has(inArgs[0]!.typeId) || rowTypes.has(inArgs[0]!.typeId)));
    if (callable) bucket.functions.push({ fn: { ...fn, args }, inArgs });
  }
  for (const bucket of perSchema.values())
    bucket.functions.sort((a, b) => a.fn.name.localeCompare(b.fn.name));

  const relationRow = (schema: string, relation: Relation) =>
    `{\n${columnsOf
      .get(relation.id)!
      .map((c) => field(schema, c.name, c.format, c.isNullable, false))
      .join(',\n')} }`;

  const returnType = (schema: string, fn: PgFunction): string => {
    const tableArgs = fn.args.filter((a) => a.mode === 'table');
    if (tableArgs.length > 0) {
      return `{\n${tableArgs.map((a) => `${q(a.name)}: ${typeOf(schema, a.typeId)}`).join(',\n')} }`;
    }
    const own = perSchema.get(schema)!;
    const relation = [...own.tables, ...own.views].find((r) => r.id === fn.returnTypeRelationId);
    if (relation) return relationRow(schema, relation);
    return typeOf(schema, fn.returnTypeId);
  };

  const setofOptions = (fn: PgFunction): string => {
    const target = returnTableName(fn);
    if (target === null) return '';
    const single = !(fn.rows !== null && fn.rows > 1);
    const options = (from: string, isOneToOne: boolean, isSetofReturn: boolean) =>
      `SetofOptions: {\nfrom: ${q(from)}\nto: ${q(target)}\nisOneToOne: ${isOneToOne}\nisSetofReturn: ${isSetofReturn} }`;
    const source = fn.args.length === 1 ? rowTypes.get(fn.args[0]!.typeId) : undefined;
    if (!source) return options('*', single, fn.isSetReturning);
    const setOfTable = fn.isSetReturning && fn.returnTypeRelationId !== null;
    return setOfTable ? options(source.format, single, true) : options(source.format, true, false);
  };

  const withSetof = (fn: PgFunction, type: string) => {
    const collapses = !(fn.rows !== null && fn.rows > 1) && returnTableName(fn) !== null;
    return `${type}${fn.isSetReturning && !collapses ? '[]' : ''}\n${setofOptions(fn)}`;
  };

  const conflict = (schema: string, fns: Fn[], { fn, inArgs }: Fn): string | null => {
    if (fns.length <= 1) return null;
    const advice =
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved';
    if (inArgs.length === 0) {
      const other = fns.find(
        (o) => o.fn !== fn && o.inArgs.length === 1 && o.inArgs[0]!.name === '' && o.inArgs[0]!.hasDefault,
      );
      if (other) {
        const returns = typesById.get(other.fn.returnTypeId)?.name ?? 'unknown';
        return `Could not choose the best candidate function between: ${schema}.${fn.name}(), ${schema}.${fn.name}( => ${returns}). ${advice}`;
      }
    }
    if (inArgs.length === 1 && inArgs[0]!.name !== '') {
      const others = fns.filter(
        (o) =>
          o.fn !== fn &&
          o.inArgs.length === 1 &&
          o.inArgs[0]!.name === inArgs[0]!.name &&
          o.inArgs[0]!.typeId !== inArgs[0]!.typeId,
      );
      if (others.length > 0) {
        const list = [{ fn, inArgs }, ...others]
          .sort((a, b) => (a.inArgs[0]?.typeId ?? 0) - (b.inArgs[0]?.typeId ?? 0))
          .map(
            (f) =>
              `${schema}.${fn.name}(${f.inArgs.map((a) => `${a.name} => ${typesById.get(a.typeId)?.name ?? 'unknown'}`).join(', ')})`,
          )
          .join(', ');
        return `Could not choose the best candidate function between: ${list}. ${advice}`;
      }
    }
    return null;
  };

  const signatures = (schema: string, fns: Fn[]) =>
    fns
      .map((entry) => {
        const { fn, inArgs } = entry;
        const args = inArgs.length
          ? `{ ${inArgs.map((a) => `${q(a.name)}${a.hasDefault ? '?' : ''}: ${typeOf(schema, a.typeId)}`).join(', ')} }`
          : 'never';
        let returns = returnType(schema, fn);
        const clash = conflict(schema, fns, entry);
        const rowArgumentOnly =
          inArgs.length === 1 &&
          inArgs[0]!.name === '' &&
          rowTypes.has(inArgs[0]!.typeId) &&
          !returnTableName(fn);
        if (clash) returns = `{ error: true } & ${q(clash)}`;
        else if (rowArgumentOnly) {
          returns = `{ error: true } & ${q(`the function ${schema}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`)}`;
        }
        return `{ Args: ${args}; Returns: ${withSetof(fn, returns)} }`;
      })
      .join(' |\n');

  const relationshipList = (list: Relationship[]) =>
    `[${list
      .map(
        (r) => `{
          foreignKeyName: ${q(r.foreignKeyName)}
          columns: ${q(r.columns)}
          isOneToOne: ${r.isOneToOne}
          referencedRelation: ${q(r.referencedRelation)}
          referencedColumns: ${q(r.referencedColumns)}
        }`,
      )
      .join(',\n')}]`;

  /** Functions taking the row of `relation` as their one argument: PostgREST's computed fields. */
  const computedFields = (schema: string, relation: Relation) =>
    perSchema
      .get(schema)!
      .functions.filter(({ fn }) => fn.argumentTypes === relation.name)
      .map(({ fn }) => `${q(fn.name)}: ${nullable(returnType(schema, fn), true)}`);

  const renderTable = (schema: string, table: Relation) => {
    const columns = columnsOf.get(table.id)!;
    const writable = (optional: (c: Column) => boolean) =>
      columns
        .map((c) =>
          c.identityGeneration === 'ALWAYS'
            ? `${q(c.name)}?: never`
            : field(schema, c.name, c.format, c.isNullable, optional(c)),
        )
        .join(',\n');
    const row = [
      ...columns.map((c) => field(schema, c.name, c.format, c.isNullable, false)),
      ...computedFields(schema, table),
    ];
    return `${q(table.name)}: {
      Row: {\n${row.join(',\n')} }
      Insert: {\n${writable((c) => c.isNullable || c.isIdentity || c.defaultValue !== null)} }
      Update: {\n${writable(() => true)} }
      Relationships: ${relationshipList(relationshipsOf(table))}
    }`;
  };

  const renderView = (schema: string, view: Relation) => {
    const columns = columnsOf.get(view.id)!;
    const row = [
      ...columns.map((c) => field(schema, c.name, c.format, c.isNullable, false)),
      ...computedFields(schema, view),
    ];
    const writable = columns
      .map((c) => (c.isUpdatable ? field(schema, c.name, c.format, true, true) : `${q(c.name)}?: never`))
      .join(',\n');
    return `${q(view.name)}: {
      Row: {\n${row.join(',\n')} }
      ${view.isUpdatable ? `Insert: {\n${writable} }\nUpdate: {\n${writable} }\n` : ''}Relationships: ${relationshipList(relationshipsOf(view))}
    }`;
  };

  const renderFunctions = (schema: string, fns: Fn[]) => {
    if (fns.length === 0) return EMPTY;
    const groups = new Map<string, Fn[]>();
    for (const entry of fns) groups.set(entry.fn.name, [...(groups.get(entry.fn.name) ?? []), entry]);
    return [...groups]
      .map(([name, group]) => {
        group.sort(
          (a, b) =>
            a.fn.argumentTypes.localeCompare(b.fn.argumentTypes) ||
            a.fn.returnType.localeCompare(b.fn.returnType),
        );
        return `${q(name)}:\n${signatures(schema, group)}`;
      })
      .join(',\n');
  };

  const renderComposite = (schema: string, type: PgType) =>
    `${q(type.name)}: {\n${type.attributes
      .map((a) => {
        const t = typesById.get(a.typeId);
        return `${q(a.name)}: ${t ? nullable(tsType(schema, t.name), true) : 'unknown'}`;
      })
      .join(',\n')} }`;

  const list = (items: string[]) => (items.length === 0 ? EMPTY : items.join(',\n'));
  const database = schemas.map((schema) => {
    const s = perSchema.get(schema)!;
    return `${q(schema)}: {
      Tables: {\n${list(s.tables.map((t) => renderTable(schema, t)))} }
      Views: {\n${list(s.views.map((v) => renderView(schema, v)))} }
      Functions: {\n${renderFunctions(schema, s.functions)} }
      Enums: {\n${list(s.enums.map((e) => `${q(e.name)}: ${e.enums.map(q).join('|')}`))} }
      CompositeTypes: {\n${list(s.composites.map((c) => renderComposite(schema, c)))} }
    }`;
  });
  const internal = postgrestVersion
    ? `// Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: ${q(postgrestVersion)}
  }\n`
    : '';
  const constants = schemas.map(
    (schema) =>
      `${q(schema)}: {\nEnums: {\n${perSchema
        .get(schema)!
        .enums.map((e) => `${q(e.name)}: [${e.enums.map(q).join(', ')}]`)
        .join(',\n')} } }`,
  );

  const source = `export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  ${internal}${database.join('\n')}
}

${HELPER_TYPES}

export const Constants = {
  ${constants.join(',\n')}
} as const
`;
  return format(source, { parser: 'typescript', semi: false });
}

/** The template's helpers over the default schema, word for word (they are part of the generated file's API). */
const HELPER_TYPES = `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, ${q(DEFAULT_SCHEMA)}>]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
  ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
      Row: infer R
    }
    ? R
    : never
  : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Insert: infer I
    }
    ? I
    : never
  : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Update: infer U
    }
    ? U
    : never
  : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
  ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
  : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
  ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
  : never`;
