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
 * `supabase gen types typescript` as Supabase CLI 3.1.0 writes it: the CLI renders its TypeScript template
 * (postgres-meta's, with `ComputedFields` per relation and `Args: Record<PropertyKey, never>` for functions without
 * arguments) over the exposed schemas with one-to-one detection on, and prints it unformatted (it formats only when
 * the optional oxfmt is installed, which the npm package does not bring). This renders the same text from the same
 * catalog rows, byte for byte: `npm run test:postgres` compares it with the CLI's output on Postgres 17.
 */
export interface TypesOptions {
  /** `[api] schemas` of config.toml, or the CLI's `--schema` list; schemas that do not exist are left out. */
  schemas: readonly string[];
  /** Emits `__InternalSupabase: { PostgrestVersion }` (the CLI does for a linked project). */
  postgrestVersion?: string;
}

export async function generateTypes(sql: Sql, options: TypesOptions): Promise<string> {
  return renderTypes(await introspect(sql, [...new Set(options.schemas)]), options.postgrestVersion);
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

/** The CLI sorts every name with an English collator. */
const collator = new Intl.Collator('en');
const cmp = (a: string, b: string) => collator.compare(a, b);
const q = (value: unknown) => JSON.stringify(value);
const EMPTY = '[_ in never]: never';

/** A type reference as the template holds it: the type's name and schema, null when the type is not known. */
interface TypeRef {
  format: string | null;
  typeSchema: string | null;
}

interface Overload {
  fn: PgFunction;
  args: (FunctionArg & TypeRef)[];
  /** Table-returning functions' columns. */
  columns: (FunctionArg & TypeRef)[] | null;
  returns: TypeRef;
  returnRelationId: number | null;
  setof: { from: string; to: string; isOneToOne: boolean; isSetofReturn: boolean } | null;
  computedFieldOf: number | null;
  error: string | null;
}

function renderTypes(meta: SchemaMetadata, postgrestVersion?: string): string {
  const schemas = [...meta.schemas].sort(cmp);
  const included = new Set(schemas);
  const defaultSchema = included.has(DEFAULT_SCHEMA) || !schemas[0] ? DEFAULT_SCHEMA : schemas[0];
  const typesById = new Map(meta.types.map((t) => [t.id, t]));
  const rowTypes = new Map(meta.types.filter((t) => t.typeRelationId !== null).map((t) => [t.id, t]));
  const byRelation = (a: Relation, b: Relation) =>
    cmp(a.schema, b.schema) || cmp(a.name, b.name) || a.id - b.id;
  const relations = [...meta.relations].sort(byRelation);
  const relationsById = new Map(relations.map((r) => [r.id, r]));
  const relationsByName = new Map(relations.map((r) => [`${r.schema}\0${r.name}`, r]));
  const columnsOf = new Map<number, Column[]>(relations.map((r) => [r.id, []]));
  for (const column of [...meta.columns].sort((a, b) => cmp(a.name, b.name)))
    columnsOf.get(column.tableId)?.push(column);
  const columnsOfRelation = (id: number) => columnsOf.get(id) ?? [];
  const jsonCmp = (a: unknown, b: unknown) => cmp(q(a), q(b));
  const relationships = [...meta.relationships].sort(
    (a, b) =>
      cmp(a.foreignKeyName, b.foreignKeyName) ||
      cmp(a.referencedRelation, b.referencedRelation) ||
      jsonCmp(a.referencedColumns, b.referencedColumns) ||
      cmp(a.referencedSchema, b.referencedSchema) ||
      cmp(a.schema, b.schema) ||
      cmp(a.relation, b.relation) ||
      jsonCmp(a.columns, b.columns),
  );
  const relationshipsOf = (r: Relation) =>
    relationships.filter(
      (x) => x.schema === r.schema && x.relation === r.name && x.referencedSchema === r.schema,
    );

  /** `Database[schema]['Tables'|'Views'][name]` for a relation of an exposed schema. */
  const relationPath = (name: string, schema: string): string | undefined => {
    const kinds: [string, Relation['kind']][] = [
      ['Tables', 'table'],
      ['Tables', 'foreign'],
      ['Views', 'view'],
      ['Views', 'matview'],
    ];
    const find = (match: (r: Relation) => boolean) => {
      for (const [kind, relkind] of kinds) {
        const relation = relations.find((r) => r.kind === relkind && match(r));
        if (relation) return { kind, relation };
      }
      return undefined;
    };
    const found = find((r) => r.name === name && r.schema === schema) ?? find((r) => r.name === name);
    if (!found || !included.has(found.relation.schema)) return undefined;
    return `Database[${q(found.relation.schema)}]['${found.kind}'][${q(found.relation.name)}]`;
  };

  const tsType = (schema: string, pgType: string, typeSchema: string | null): string => {
    if (pgType === 'bool') return 'boolean';
    if (NUMBER.has(pgType)) return 'number';
    if (STRING.has(pgType)) return 'string';
    if (pgType === 'json' || pgType === 'jsonb') return 'Json';
    if (pgType === 'void') return 'undefined';
    if (pgType === 'record') return 'Record<string, unknown>';
    if (pgType.startsWith('_')) return `(${tsType(schema, pgType.slice(1), typeSchema)})[]`;
    const preferred = typeSchema ?? schema;
    const pick = (list: PgType[]) => list.find((t) => t.schema === preferred) ?? list[0];
    const enumType = pick(meta.types.filter((t) => t.name === pgType && t.enums.length > 0));
    if (enumType) {
      return included.has(enumType.schema)
        ? `Database[${q(enumType.schema)}]['Enums'][${q(enumType.name)}]`
        : enumType.enums.map(q).join('|');
    }
    const composite = pick(meta.types.filter((t) => t.name === pgType && t.attributes.length > 0));
    if (composite) {
      return included.has(composite.schema)
        ? `Database[${q(composite.schema)}]['CompositeTypes'][${q(composite.name)}]`
        : 'unknown';
    }
    const relation = relationPath(pgType, preferred);
    return relation ? `${relation}['Row']` : 'unknown';
  };
  const typeOf = (schema: string, t: TypeRef) =>
    t.format === null || t.typeSchema === null ? 'unknown' : tsType(schema, t.format, t.typeSchema);
  const nullable = (type: string, isNullable: boolean) => {
    if (type === 'Json' && !isNullable) return 'NonNullable<Json>';
    return type === 'unknown' || type === 'any' || !isNullable ? type : `${type} | null`;
  };
  const field = (schema: string, name: string, t: TypeRef, isNullable: boolean, optional: boolean) =>
    `${q(name)}${optional ? '?' : ''}: ${nullable(typeOf(schema, t), isNullable)}`;
  const columnField = (schema: string, c: Column, isNullable: boolean, optional: boolean) =>
    field(schema, c.name, { format: c.format, typeSchema: c.typeSchema }, isNullable, optional);

  const functions = overloads(meta, included, rowTypes, relationsById, relationsByName, columnsOf);

  const returnType = (schema: string, o: Overload): string => {
    if (o.columns)
      return `{
              ${o.columns.map((c) => `${q(c.name)}: ${typeOf(schema, c)}`).join(',')}
            }`;
    const relation = o.returnRelationId === null ? undefined : relationsById.get(o.returnRelationId);
    if (relation && relation.schema === schema)
      return `{
              ${columnsOfRelation(relation.id)
                .map((c) => columnField(schema, c, c.isNullable, false))
                .join(',\n')}
            }`;
    return typeOf(schema, o.returns);
  };
  const withSetof = (o: Overload, type: string) => {
    const setof = o.setof
      ? `SetofOptions: {
        from: ${q(o.setof.from)}
        to: ${q(o.setof.to)}
        isOneToOne: ${o.setof.isOneToOne}
        isSetofReturn: ${o.setof.isSetofReturn}
      }`
      : '';
    const many = o.error === null && o.fn.isSetReturning && o.setof?.isOneToOne !== true;
    return `${type}${many ? '[]' : ''}
                          ${setof}`;
  };
  /** An argument of a relation's row type leaves the relation's computed fields out. */
  const argType = (schema: string, arg: FunctionArg & TypeRef) => {
    const type = typeOf(schema, arg);
    if (arg.name === '' || arg.format === null || arg.typeSchema === null) return type;
    const relation = relationPath(arg.format, arg.typeSchema);
    return relation && type === `${relation}['Row']` ? `Omit<${type}, ${relation}['ComputedFields']>` : type;
  };
  const signatures = (schema: string, list: Overload[]) =>
    list
      .map((o) => {
        const args = o.args.length
          ? `{ ${o.args.map((a) => `${q(a.name)}${a.hasDefault ? '?' : ''}: ${argType(schema, a)}`).join(',')} }`
          : 'Record<PropertyKey, never>';
        const returns = o.error === null ? returnType(schema, o) : `{ error: true } & ${q(o.error)}`;
        return `{ Args: ${args}; Returns: ${withSetof(o, returns)} }`;
      })
      .join(' |\n');

  const relationshipEntry = (r: Relationship) => `{
      foreignKeyName: ${q(r.foreignKeyName)}
      columns: ${q(r.columns)}
isOneToOne: ${r.isOneToOne}
      referencedRelation: ${q(r.referencedRelation)}
      referencedColumns: ${q(r.referencedColumns)}
    }`;

  const perSchema = (schema: string) => {
    const inSchema = (kinds: Relation['kind'][]) =>
      relations
        .filter((r) => r.schema === schema && kinds.includes(r.kind))
        .sort((a, b) => cmp(a.name, b.name));
    return {
      tables: inSchema(['table', 'foreign']),
      views: inSchema(['view', 'matview']),
      functions: functions.filter((f) => f.schema === schema),
      enums: meta.types
        .filter((t) => t.schema === schema && t.enums.length > 0)
        .sort((a, b) => cmp(a.name, b.name)),
      composites: meta.types
        .filter((t) => t.schema === schema && t.attributes.length > 0)
        .sort((a, b) => cmp(a.name, b.name)),
    };
  };

  /** Functions taking the row of `relation` as their one argument: PostgREST's computed fields. */
  const computedFields = (list: FunctionGroup[], relation: Relation) =>
    list.flatMap((f) => {
      const overload = f.overloads.find((o) => o.computedFieldOf === relation.id);
      return overload ? [{ name: f.name, overload }] : [];
    });
  const computedNames = (fields: { name: string }[]) =>
    fields.length === 0 ? 'never' : fields.map((f) => q(f.name)).join(' | ');

  const renderRelation = (schema: string, relation: Relation, fns: FunctionGroup[]) => {
    const columns = columnsOfRelation(relation.id);
    const computed = computedFields(fns, relation);
    const row = [
      ...columns.map((c) => columnField(schema, c, c.isNullable, false)),
      ...computed.map((f) => `${q(f.name)}: ${nullable(returnType(schema, f.overload), true)}`),
    ];
    const head = `${q(relation.name)}: {
                  Row: {
                    ${row.join(',')}
                  }
                  ComputedFields: ${computedNames(computed)}
                  `;
    const tail = `Relationships: [
                    ${relationshipsOf(relation).map(relationshipEntry).join(',')}
                  ]
                }`;
    if (relation.kind === 'table' || relation.kind === 'foreign') {
      const writable = (optional: (c: Column) => boolean) =>
        columns
          .map((c) =>
            c.identityGeneration === 'ALWAYS' || c.isGenerated
              ? `${q(c.name)}?: never`
              : columnField(schema, c, c.isNullable, optional(c)),
          )
          .join(',');
      return `${head}Insert: {
                    ${writable((c) => c.isNullable || c.isIdentity || c.defaultValue !== null)}
                  }
                  Update: {
                    ${writable(() => true)}
                  }
                  ${tail}`;
    }
    const writable = columns
      .map((c) => (c.isUpdatable ? columnField(schema, c, true, true) : `${q(c.name)}?: never`))
      .join(',');
    const section = (name: string, enabled: boolean) =>
      relation.kind === 'view' && enabled
        ? `${name}: {
                           ${writable}
                         }
                        `
        : '';
    return `${head}${section('Insert', relation.isInsertEnabled)}${section('Update', relation.isUpdateEnabled)}${tail}`;
  };

  const renderComposite = (schema: string, type: PgType) => `${q(type.name)}: {
                        ${type.attributes
                          .map((a) => {
                            const t = typesById.get(a.typeId);
                            const ts = t ? nullable(tsType(schema, t.name, t.schema), true) : 'unknown';
                            return `${q(a.name)}: ${ts}`;
                          })
                          .join(',')}
                      }`;

  const listOr = (items: string[]) => (items.length === 0 ? EMPTY : items.join(','));
  const database = schemas.map((schema) => {
    const s = perSchema(schema);
    return `${q(schema)}: {
          Tables: {
            ${listOr(s.tables.map((t) => renderRelation(schema, t, s.functions)))}
          }
          Views: {
            ${listOr(s.views.map((v) => renderRelation(schema, v, s.functions)))}
          }
          Functions: {
            ${s.functions.length === 0 ? EMPTY : s.functions.map((f) => `${q(f.name)}:\n${signatures(schema, f.overloads)}`).join(',\n')}
          }
          Enums: {
            ${listOr(s.enums.map((e) => `${q(e.name)}: ${e.enums.map(q).join('|')}`))}
          }
          CompositeTypes: {
            ${listOr(s.composites.map((c) => renderComposite(schema, c)))}
          }
        }`;
  });
  const internal = postgrestVersion
    ? `// Allows to automatically instantiate createClient with right options
  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)
  __InternalSupabase: {
    PostgrestVersion: '${postgrestVersion}'
  }`
    : '';
  const constants = schemas.map(
    (schema) => `${q(schema)}: {
          Enums: {
            ${perSchema(schema)
              .enums.map((e) => `${q(e.name)}: [${e.enums.map(q).join(', ')}]`)
              .join(',')}
          }
        }`,
  );

  return `
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  ${internal}
  ${database.join(',')}
}

${helperTypes(defaultSchema)}

export const Constants = {
  ${constants.join(',')}
} as const
`;
}

interface FunctionGroup {
  schema: string;
  name: string;
  overloads: Overload[];
}

/**
 * The functions the Data API can call, grouped by name with their overloads, as the CLI describes them: arguments,
 * result, SetofOptions, the computed field a function makes, and the error PostgREST would answer.
 */
function overloads(
  meta: SchemaMetadata,
  included: Set<string>,
  rowTypes: Map<number, PgType>,
  relationsById: Map<number, Relation>,
  relationsByName: Map<string, Relation>,
  columnsOf: Map<number, Column[]>,
): FunctionGroup[] {
  const typesById = new Map(meta.types.map((t) => [t.id, t]));
  const ref = (typeId: number): TypeRef => {
    const type = typesById.get(typeId);
    return { format: type?.name ?? null, typeSchema: type?.schema ?? null };
  };
  const typeName = (typeId: number) => typesById.get(typeId)?.name ?? 'unknown';
  const returnTableName = (fn: PgFunction): string | null => {
    if (fn.returnTypeRelationId === null) return null;
    return relationsById.get(fn.returnTypeRelationId)?.name ?? rowTypes.get(fn.returnTypeId)?.name ?? null;
  };
  interface Candidate {
    fn: PgFunction;
    inArgs: FunctionArg[];
  }
  const callable = ({ inArgs }: Candidate) => {
    if (inArgs.length === 0 || !inArgs.some((a) => a.name === '')) return true;
    if (inArgs.every((a) => a.name !== '' || (a.hasDefault && UNNAMED_ARG_TYPES.has(a.typeId)))) return true;
    const only = inArgs.length === 1 ? inArgs[0] : undefined;
    return (
      only !== undefined &&
      only.name === '' &&
      (UNNAMED_ARG_TYPES.has(only.typeId) || rowTypes.has(only.typeId))
    );
  };
  const computedFieldOf = ({ fn, inArgs }: Candidate): number | null => {
    const only = inArgs.length === 1 ? inArgs[0] : undefined;
    if (!only) return null;
    const rowType = rowTypes.get(only.typeId);
    const relation = rowType
      ? relationsById.get(rowType.typeRelationId!)
      : typesById.has(only.typeId)
        ? undefined
        : relationsByName.get(`${fn.schema}\0${fn.argumentTypes}`);
    if (!relation || relation.schema !== fn.schema) return null;
    if ((columnsOf.get(relation.id) ?? []).some((c) => c.name === fn.name)) return null;
    return relation.id;
  };
  const advice =
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved';
  const error = (candidate: Candidate, group: Candidate[]): string | null => {
    const { fn, inArgs } = candidate;
    const only = inArgs.length === 1 ? inArgs[0] : undefined;
    if (group.length > 1) {
      if (inArgs.length === 0) {
        const other = group.find(
          (o) =>
            o !== candidate && o.inArgs.length === 1 && o.inArgs[0]?.name === '' && o.inArgs[0].hasDefault,
        );
        if (other)
          return `Could not choose the best candidate function between: ${fn.schema}.${fn.name}(), ${fn.schema}.${fn.name}( => ${typeName(other.fn.returnTypeId)}). ${advice}`;
      }
      if (only && only.name !== '') {
        const others = group.filter(
          (o) =>
            o !== candidate &&
            o.inArgs.length === 1 &&
            o.inArgs[0]?.name === only.name &&
            o.inArgs[0].typeId !== only.typeId,
        );
        if (others.length > 0) {
          const list = [candidate, ...others]
            .sort((a, b) => (a.inArgs[0]?.typeId || 0) - (b.inArgs[0]?.typeId || 0))
            .map(
              (c) =>
                `${fn.schema}.${fn.name}(${c.inArgs.map((a) => `${a.name} => ${typeName(a.typeId)}`).join(', ')})`,
            )
            .join(', ');
          return `Could not choose the best candidate function between: ${list}. ${advice}`;
        }
      }
    }
    if (only && only.name === '' && rowTypes.has(only.typeId))
      return `the function ${fn.schema}.${fn.name} with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache`;
    return null;
  };
  const describe = (candidate: Candidate, group: Candidate[]): Overload => {
    const { fn, inArgs } = candidate;
    const byName = (a: { name: string }, b: { name: string }) => cmp(a.name, b.name);
    const columns = fn.args
      .filter((a) => a.mode === 'table')
      .map((a) => ({ ...a, ...ref(a.typeId) }))
      .sort(byName);
    const target = returnTableName(fn);
    const many = fn.rows !== null && fn.rows > 1;
    const single = fn.args.length === 1 ? fn.args[0] : undefined;
    const source = single && rowTypes.get(single.typeId);
    return {
      fn,
      args: inArgs.map((a) => ({ ...a, ...ref(a.typeId) })).sort(byName),
      columns: columns.length > 0 ? columns : null,
      returns: ref(fn.returnTypeId),
      returnRelationId:
        fn.returnTypeRelationId !== null && relationsById.has(fn.returnTypeRelationId)
          ? fn.returnTypeRelationId
          : null,
      setof:
        target === null
          ? null
          : {
              from: source ? source.format : '*',
              to: target,
              isOneToOne: source && !fn.isSetReturning ? true : !many,
              isSetofReturn: fn.isSetReturning,
            },
      computedFieldOf: computedFieldOf(candidate),
      error: error(candidate, group),
    };
  };

  const groups = new Map<string, Candidate[]>();
  const sorted = [...meta.functions].sort(
    (a, b) => cmp(a.schema, b.schema) || cmp(a.name, b.name) || cmp(a.argumentTypes, b.argumentTypes),
  );
  for (const fn of sorted) {
    if (!included.has(fn.schema)) continue;
    const candidate = {
      fn: { ...fn, args: [...fn.args].sort((a, b) => cmp(a.name, b.name)) },
      inArgs: [] as FunctionArg[],
    };
    candidate.inArgs = candidate.fn.args.filter((a) => IN_MODES.has(a.mode));
    if (!callable(candidate)) continue;
    const key = `${fn.schema}\0${fn.name}`;
    groups.set(key, [...(groups.get(key) ?? []), candidate]);
  }
  return [...groups.values()]
    .map((group) => {
      const ordered = [...group].sort(
        (a, b) => cmp(a.fn.argumentTypes, b.fn.argumentTypes) || cmp(a.fn.returnType, b.fn.returnType),
      );
      return {
        schema: ordered[0]!.fn.schema,
        name: ordered[0]!.fn.name,
        overloads: ordered.map((c) => describe(c, ordered)),
      };
    })
    .sort((a, b) => cmp(a.schema, b.schema) || cmp(a.name, b.name));
}

/** The template's helpers over the default schema, word for word (they are part of the generated file's API). */
const helperTypes = (
  defaultSchema: string,
) => `type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, ${q(defaultSchema)}>]

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
