import type { Readable } from 'node:stream';
import type { SigningKey } from '../crypto/keys.ts';
import type { Database, Sql } from '../db/database.ts';
import { ERRORS } from './errors.ts';
import type { BlobStore } from './files.ts';
import { mustBeValidBucketName, mustBeValidKey } from './names.ts';
import { type Caller, type Scope, asCaller, asServer, callerOf } from './scope.ts';

export interface StorageState {
  db: Database;
  key: SigningKey;
  blobs: BlobStore;
  /** The service's global upload limit in bytes (`[storage] file_size_limit`). */
  fileSizeLimit: number;
}

/** One request on its way through a route: the state, the request, its path parameters and (lazily) its caller. */
export class Ctx {
  readonly state: StorageState;
  readonly request: Request;
  readonly url: URL;
  readonly method: string;
  readonly path: string;
  readonly operation: string;
  readonly params: Record<string, string>;
  /** The request body as the Node stream it arrived on, when there is one. */
  readonly nodeBody: Readable | undefined;
  private callerPromise: Promise<Caller> | undefined;
  constructor(
    state: StorageState,
    request: Request,
    path: string,
    operation: string,
    params: Record<string, string>,
    nodeBody: Readable | undefined,
  ) {
    this.nodeBody = nodeBody;
    this.state = state;
    this.request = request;
    this.url = new URL(request.url);
    this.method = request.method.toUpperCase();
    this.path = path;
    this.operation = operation;
    this.params = params;
  }

  caller(): Promise<Caller> {
    return (this.callerPromise ??= callerOf(this.state.key, this.request));
  }

  async scope(): Promise<Scope> {
    return {
      caller: await this.caller(),
      method: this.method,
      path: this.path,
      headers: this.request.headers,
      operation: this.operation,
    };
  }

  async asCaller<T>(fn: (sql: Sql) => Promise<T>, before?: (sql: Sql) => Promise<void>): Promise<T> {
    return asCaller(this.state.db, await this.scope(), fn, before);
  }

  asServer<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    return asServer(this.state.db, fn);
  }

  bucket(): string {
    return mustBeValidBucketName(this.params.bucket);
  }

  key(): string {
    return mustBeValidKey(this.params.key);
  }

  async json(): Promise<Record<string, unknown>> {
    const text = await readJsonText(this.request);
    if (text.trim() === '') return {};
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw ERRORS.invalidRequest('Body is not valid JSON');
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw ERRORS.invalidRequest('body must be object');
    return value as Record<string, unknown>;
  }
}

const MAX_JSON_BYTES = 1024 * 1024;

export async function readJsonText(request: Request): Promise<string> {
  if (Number(request.headers.get('content-length') ?? 0) > MAX_JSON_BYTES) throw ERRORS.entityTooLarge();
  if (!request.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > MAX_JSON_BYTES) throw ERRORS.entityTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });

// Body fields, typed as the service's JSON schemas type them (a wrong type is a 400).
export function str(body: Record<string, unknown>, name: string, required: true): string;
export function str(body: Record<string, unknown>, name: string, required?: false): string | undefined;
export function str(body: Record<string, unknown>, name: string, required = false): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) {
    if (required) throw ERRORS.invalidRequest(`body must have required property '${name}'`);
    return undefined;
  }
  if (typeof v !== 'string') throw ERRORS.invalidRequest(`body/${name} must be string`);
  return v;
}

export function int(body: Record<string, unknown>, name: string, min: number): number | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < min)
    throw ERRORS.invalidRequest(`body/${name} must be an integer >= ${min}`);
  return n;
}

export function bool(body: Record<string, unknown>, name: string): boolean | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw ERRORS.invalidRequest(`body/${name} must be boolean`);
  return v;
}

/** The caller's id (the token's `sub`), which becomes owner_id; owner (a uuid column) only when it is a uuid. */
export const subOf = (caller: Caller) =>
  typeof caller.auth.claims.sub === 'string' ? caller.auth.claims.sub : undefined;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uuidOrNull = (v: string | undefined) => (v && UUID.test(v) ? v : null);
