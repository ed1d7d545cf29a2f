import type { ApiConfig } from '../config/api.ts';
import type { SigningKey } from '../crypto/keys.ts';
import type { Database } from '../db/database.ts';
import { RestError, SchemaMiss } from './errors.ts';
import { plan } from './plan/plan.ts';
import { buildStatement } from './query/statements.ts';
import { BodyTooLarge, isOptions, readApiRequest } from './request/api-request.ts';
import { GatewayError } from './request/auth.ts';
import { JSON_TYPE, answer, errorResponse, respond } from './response/response.ts';
import type { SchemaCache } from './schema-cache/schema-cache.ts';
import type { SchemaCacheStore } from './schema-cache/store.ts';
import { runInTransaction } from './transaction/run.ts';

/**
 * The Data API as PostgREST's request pipeline (App.hs): read the request (request/), plan it against the schema
 * cache (plan/), build one statement (query/), run it in one transaction (transaction/) and answer (response/).
 */

export interface RestState {
  db: Database;
  key: SigningKey;
  api: ApiConfig;
  cache: SchemaCacheStore;
}

/**
 * Answers one Data API request; `path` is what follows /rest/v1. Errors are PostgREST's JSON, or the gateway's for
 * a missing or unknown API key.
 */
export async function handleRest(state: RestState, request: Request, path: string): Promise<Response> {
  try {
    if (isOptions(request)) return answer(200, null, { Allow: 'OPTIONS,GET,HEAD,POST,PATCH,DELETE' });
    let cache = await state.cache.get();
    const config = await state.cache.dbConfig();
    const req = await readApiRequest(state.api, config, state.key, cache.roles, request, path);
    // Prefer: timezone= applies only when Postgres knows the zone; another is ignored (PostgREST's dbTimezones).
    if (req.prefs.timezone !== undefined && !cache.timezones.has(req.prefs.timezone))
      req.prefs.timezone = undefined;
    const walk = async (c: SchemaCache) => {
      const action = plan(c, config, req);
      const stmt = buildStatement(c, action, req.prefs, req.body, state.api.maxRows);
      const result = await runInTransaction(state.db, state.api, config, c, req, action, stmt);
      return respond(state.api, req, action, result);
    };
    try {
      return await walk(cache);
    } catch (err) {
      // The database may have changed since the cache was read (a migration, a table made in SQL): read it again
      // once, as Supabase's own event trigger makes PostgREST do after DDL.
      if (!(err instanceof SchemaMiss)) throw err;
      cache = await state.cache.reload(cache);
      return await walk(cache);
    }
  } catch (err) {
    if (err instanceof RestError) return errorResponse(err);
    if (err instanceof GatewayError) {
      return answer(401, JSON.stringify({ message: err.message, hint: err.hint }), {
        'Content-Type': JSON_TYPE,
      });
    }
    if (err instanceof BodyTooLarge) {
      return answer(413, JSON.stringify({ message: 'Request size limit exceeded' }), {
        'Content-Type': JSON_TYPE,
      });
    }
    throw err;
  }
}
