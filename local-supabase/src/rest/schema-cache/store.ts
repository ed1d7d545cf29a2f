import type { Database } from '../../db/database.ts';
import { type DbConfig, loadDbConfig } from './db-config.ts';
import { type SchemaCache, loadSchemaCache } from './schema-cache.ts';

/**
 * The schema cache and the in-database configuration, loaded on first use and again on `NOTIFY pgrst` (PostgREST's
 * Listener: 'reload schema', 'reload config', or an empty payload for both); the cache also on a miss (an unknown
 * table, function or relationship).
 */
export class SchemaCacheStore {
  private current: Promise<SchemaCache> | undefined;
  private config: Promise<DbConfig> | undefined;
  private listening: Promise<unknown> | undefined;
  private readonly db: Database;
  private readonly schemas: readonly string[];
  constructor(db: Database, schemas: readonly string[]) {
    this.db = db;
    this.schemas = schemas;
  }
  private listen(): Promise<unknown> {
    return (this.listening ??= this.db.listen('pgrst', (payload) => {
      // A load that fails is forgotten, so the next request loads again instead of failing on a rejected promise.
      if (payload === '' || payload === 'reload schema') {
        this.db.forgetPrepared();
        const next = this.reload();
        next.catch(() => {
          if (this.current === next) this.current = undefined;
        });
      }
      if (payload === '' || payload === 'reload config') {
        const next = loadDbConfig(this.db.sql);
        this.config = next;
        next.catch(() => {
          if (this.config === next) this.config = undefined;
        });
      }
    }));
  }
  async get(): Promise<SchemaCache> {
    await this.listen();
    return (this.current ??= loadSchemaCache(this.db.sql, this.schemas));
  }
  async dbConfig(): Promise<DbConfig> {
    await this.listen();
    return (this.config ??= loadDbConfig(this.db.sql));
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
