import type { Database } from '../../db/database.ts';
import { type SchemaCache, loadSchemaCache } from './schema-cache.ts';

/** The schema cache, loaded once and again on a miss (an unknown table, function or relationship). */
export class SchemaCacheStore {
  private current: Promise<SchemaCache> | undefined;
  private readonly db: Database;
  private readonly schemas: readonly string[];
  constructor(db: Database, schemas: readonly string[]) {
    this.db = db;
    this.schemas = schemas;
  }
  get(): Promise<SchemaCache> {
    return (this.current ??= loadSchemaCache(this.db.sql, this.schemas));
  }
  /** Reloads, sharing one load between concurrent callers. */
  reload(stale?: SchemaCache): Promise<SchemaCache> {
    const current = this.current;
    if (current && stale) {
      return current.then((c) =>
        c === stale ? (this.current = loadSchemaCache(this.db.sql, this.schemas)) : c,
      );
    }
    return (this.current = loadSchemaCache(this.db.sql, this.schemas));
  }
}
