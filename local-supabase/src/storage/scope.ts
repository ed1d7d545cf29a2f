import { PUBLISHABLE_KEY, type SigningKey } from '../crypto/keys.ts';
import type { Database, Sql } from '../db/database.ts';
import { GatewayError, type RequestAuth, authenticate } from '../rest/request/auth.ts';
import { RestError } from '../rest/errors.ts';
import { ERRORS, StorageError } from './errors.ts';

/** Who a request runs as: the verified claims and the bearer token they came from. */
export interface Caller {
  auth: RequestAuth;
  jwt: string;
}

/** What the caller's statements see in `request.*` and `storage.operation` (the storage service's scope settings). */
export interface Scope {
  caller: Caller;
  method: string;
  path: string;
  headers: Headers;
  /** The route's operation, e.g. `storage.object.upload`, for storage.operation() in policies. */
  operation: string;
}

const ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * The caller, verified as the Data API verifies it (the same keys and JWT checks). The storage service reads only
 * the bearer token; Supabase's gateway also lets an opaque key (sb_publishable_…, sb_secret_…) stand for its role's
 * token. Without an apikey (an `<img>` cannot send one) the token alone decides, as it does behind the gateway's
 * storage route. A token that fails verification is the service's AccessDenied.
 */
export async function callerOf(key: SigningKey, request: Request): Promise<Caller> {
  const authorization = request.headers.get('authorization');
  const apikey = request.headers.get('apikey') ?? new URL(request.url).searchParams.get('apikey');
  const bearer = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
  if (!bearer && !apikey) throw ERRORS.invalidJwt("headers must have required property 'authorization'");
  try {
    // Without an apikey the bearer token decides, as it does whenever one is sent.
    const auth = await authenticate(key, ROLES, apikey ?? PUBLISHABLE_KEY, authorization);
    return { auth, jwt: bearer ?? apikey! };
  } catch (err) {
    if (err instanceof GatewayError) throw ERRORS.accessDenied(err.message);
    if (err instanceof RestError)
      throw ERRORS.accessDenied(err.message, err.status === 403 ? 403 : undefined);
    throw err;
  }
}

/** Database errors as the storage service maps them (DBError.fromDBError); anything else stays a failure. */
export function fromPgError(err: unknown): unknown {
  if (!err || typeof err !== 'object' || !('code' in err)) return err;
  const { code, message } = err as { code: string; message: string };
  switch (code) {
    case '42501':
      return ERRORS.accessDenied(
        message.includes('row-level security') ? 'new row violates row-level security policy' : message,
      );
    case '23505':
      return ERRORS.alreadyExists();
    // Text Postgres cannot hold (U+0000) or parse.
    case '22021':
    case '22P05':
    case '22P02':
    case '22001':
    case '22003':
    case '23514':
    case 'P0001':
      return ERRORS.invalidParameter('value', message);
    default:
      return err;
  }
}

async function inTx<T>(db: Database, fn: (sql: Sql) => Promise<T>): Promise<T> {
  try {
    return await db.tx(fn);
  } catch (err) {
    if (err instanceof StorageError) throw err;
    throw fromPgError(err);
  }
}

/**
 * Runs fn in one transaction as the caller, with the settings the storage service sets for each of its
 * transactions, so the policies on storage.objects and storage.buckets decide; service_role bypasses them.
 * `before` runs first as the server itself (e.g. reading the version an upsert replaces).
 */
export function asCaller<T>(
  db: Database,
  scope: Scope,
  fn: (sql: Sql) => Promise<T>,
  before?: (sql: Sql) => Promise<void>,
): Promise<T> {
  const { caller } = scope;
  return inTx(db, async (sql) => {
    await before?.(sql);
    await sql.query(
      `select set_config('role', $1, true), set_config('request.jwt.claim.role', $1, true),
        set_config('request.jwt', $2, true), set_config('request.jwt.claim.sub', $3, true),
        set_config('request.jwt.claims', $4, true), set_config('request.headers', $5, true),
        set_config('request.method', $6, true), set_config('request.path', $7, true),
        set_config('storage.operation', $8, true), set_config('storage.allow_delete_query', 'true', true)`,
      [
        caller.auth.role,
        caller.jwt,
        typeof caller.auth.claims.sub === 'string' ? caller.auth.claims.sub : '',
        JSON.stringify(caller.auth.claims),
        JSON.stringify(Object.fromEntries(scope.headers)),
        scope.method,
        scope.path,
        scope.operation,
      ],
    );
    return fn(sql);
  });
}

/** Runs fn as the server (the service's superuser connection): bucket limits, signed and public reads. */
export function asServer<T>(db: Database, fn: (sql: Sql) => Promise<T>): Promise<T> {
  return inTx(db, async (sql) => {
    await sql.query(`select set_config('storage.allow_delete_query', 'true', true)`);
    return fn(sql);
  });
}

/** Thrown inside a transaction to roll it back after a dry run. */
export class DryRun extends Error {}

/** Runs fn as the caller and rolls back: whether the caller may make a change, before any bytes are stored. */
export async function dryRun(
  db: Database,
  scope: Scope,
  fn: (sql: Sql) => Promise<void>,
  before?: (sql: Sql) => Promise<void>,
): Promise<void> {
  try {
    await asCaller(
      db,
      scope,
      async (sql) => {
        await fn(sql);
        throw new DryRun();
      },
      before,
    );
  } catch (err) {
    if (!(err instanceof DryRun)) throw err;
  }
}
