import { createHmac, randomUUID } from 'node:crypto';
import type { App } from '../../app.ts';
import type { HookName } from '../../config/defaults.ts';
import type { Sql } from '../../db/database.ts';
import { ApiError, unprocessable } from '../../errors.ts';

// Auth Hooks as GoTrue runs them (internal/hooks/v0hooks/manager.go, hookspgfunc, hookshttp, hookserrors): a
// Postgres function called as supabase_auth_admin with the event as jsonb, or an HTTP endpoint POSTed the event
// signed as Standard Webhooks. Its answer is JSON; `{"error": {"http_code", "message"}}` becomes the API's error.

/** Event names in `metadata.name` (v0hooks.Name). */
const EVENT_NAMES: Record<HookName, string> = {
  send_sms: 'send-sms',
  send_email: 'send-email',
  custom_access_token: 'customize-access-token',
  mfa_verification_attempt: 'mfa-verification',
  password_verification_attempt: 'password-verification',
  before_user_created: 'before-user-created',
  after_user_created: 'after-user-created',
};

/** hookspgfunc's defaultTimeout (set as the transaction's statement_timeout there). */
export const PG_HOOK_TIMEOUT_MS = 2000;
/** hookshttp's defaults. */
const HTTP_HOOK_TIMEOUT_MS = 5000;
const HTTP_HOOK_RETRIES = 3;
const HTTP_HOOK_BACKOFF_MS = 2000;
const HTTP_HOOK_RESPONSE_LIMIT = 200 * 1024;

const internalError = (message: string) => new ApiError(500, 'unexpected_failure', message);

export function hookEnabled(app: App, name: HookName): boolean {
  return app.config.hooks[name].enabled;
}

/** v0hooks.Metadata: a new id, the time, the event name and the caller's IP (GetIPAddress), when known. */
function metadata(name: HookName, ip: string | undefined): Record<string, unknown> {
  return {
    uuid: randomUUID(),
    time: new Date().toISOString(),
    name: EVENT_NAMES[name],
    ...(ip ? { ip_address: ip } : {}),
  };
}

/**
 * Runs hook `name` with `payload` (the event without its metadata) and returns its JSON answer (undefined for an
 * HTTP 204) as `decode` reads it; decode's errors count as the hook's. `sql` is the caller's transaction where GoTrue
 * passes one (custom_access_token), so the function shares it. Every failure is logged with the hook's URI, as
 * GoTrue's "Hook errored out".
 */
export async function runHook<T = Record<string, unknown> | undefined>(
  app: App,
  name: HookName,
  ip: string | undefined,
  payload: Record<string, unknown>,
  { sql, decode }: { sql?: Sql; decode?: (output: Record<string, unknown> | undefined) => T } = {},
): Promise<T> {
  const hook = app.config.hooks[name];
  const input = JSON.stringify({ metadata: metadata(name, ip), ...payload });
  const started = Date.now();
  try {
    const output = hook.uri.startsWith('pg-functions:')
      ? await runPostgresHook(app, hook.uri, input, sql)
      : await runHttpHook(hook.uri, hook.secrets, input);
    if (output !== undefined) checkHookError(output);
    return decode ? decode(output) : (output as T);
  } catch (err) {
    const cause = err instanceof Error ? err.message : String(err);
    app.log.failure(`hook ${name} (${hook.uri}) failed after ${Date.now() - started} ms: ${cause}`);
    if (err instanceof ApiError) throw err;
    throw internalError(`Error running hook URI: ${hook.uri}`);
  }
}

/** hookserrors.Check: an `error` object with a message is the answer (http_code, else 500). */
function checkHookError(output: Record<string, unknown>): void {
  const error = output.error;
  if (!error || typeof error !== 'object' || Array.isArray(error)) return;
  const { http_code: code, message } = error as Record<string, unknown>;
  if (typeof message !== 'string' || message === '') return;
  // GoTrue takes any http_code; one that is not an error status would answer an error with success here, so 500.
  const status = typeof code === 'number' && Number.isInteger(code) && code >= 400 && code < 600 ? code : 500;
  // GoTrue's HTTPError without an error code: the envelope says unexpected_failure for a 500, else unknown.
  throw new ApiError(status, status === 500 ? 'unexpected_failure' : 'unknown', message);
}

/**
 * `select "schema"."function"($1)` as supabase_auth_admin within a transaction whose statement_timeout is the
 * hook's: past it Postgres cancels the call (57014), the hook fails and its transaction is rolled back.
 */
async function runPostgresHook(
  app: App,
  uri: string,
  input: string,
  outer: Sql | undefined,
): Promise<Record<string, unknown> | undefined> {
  const [, schema, fn] = new URL(uri).pathname.split('/');
  const call = `select ${quoteIdent(schema!)}.${quoteIdent(fn!)}($1::jsonb) as output`;
  const run = async (sql: Sql) => {
    await sql.query(`select set_config('role', 'supabase_auth_admin', true)`);
    const { rows } = await app.db.withTimeout(PG_HOOK_TIMEOUT_MS, () =>
      sql.query<{ output: unknown }>(call, [input]),
    );
    await sql.query('reset role');
    return rows[0]?.output;
  };
  const output = await (outer ? run(outer) : app.db.tx(run));
  if (!output || typeof output !== 'object' || Array.isArray(output))
    throw internalError('Error unmarshaling JSON output.');
  return output as Record<string, unknown>;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Standard Webhooks' signature for each `v1,whsec_<base64>` secret (hookshttp generateSignatures). */
export function webhookSignatures(secrets: string[], id: string, timestamp: number, body: string): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.slice('v1,whsec_'.length), 'base64');
      return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
    })
    .join(', ');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** hookshttp runHTTPHook: POST with retries on network errors, 5 s in all, and GoTrue's reading of the answer. */
async function runHttpHook(
  uri: string,
  secrets: string[],
  input: string,
): Promise<Record<string, unknown> | undefined> {
  const deadline = AbortSignal.timeout(HTTP_HOOK_TIMEOUT_MS);
  const timeout = () =>
    unprocessable(
      'hook_timeout',
      `Failed to reach hook within maximum time of ${(HTTP_HOOK_TIMEOUT_MS / 1000).toFixed(6)} seconds`,
    );
  for (let attempt = 0; attempt < HTTP_HOOK_RETRIES; attempt++) {
    const id = randomUUID();
    const timestamp = Math.floor(Date.now() / 1000);
    let response: Response;
    try {
      response = await fetch(uri, {
        method: 'POST',
        signal: deadline,
        redirect: 'manual',
        headers: {
          'Content-Type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': webhookSignatures(secrets, id, timestamp, input),
          'Accept-Encoding': 'identity',
        },
        body: input,
      });
    } catch {
      if (deadline.aborted) throw timeout();
      if (attempt < HTTP_HOOK_RETRIES - 1) {
        await Promise.race([
          sleep(HTTP_HOOK_BACKOFF_MS),
          new Promise((r) => deadline.addEventListener('abort', r)),
        ]);
        if (deadline.aborted) throw timeout();
        continue;
      }
      throw unprocessable('hook_timeout_after_retry', 'Failed to reach hook after maximum retries');
    }
    switch (response.status) {
      case 204:
        await response.body?.cancel();
        return undefined;
      case 200:
      case 202:
        return readHookJson(response);
      case 429:
      case 503:
        await response.body?.cancel();
        if (response.headers.get('retry-after')) continue;
        throw internalError('Service currently unavailable due to hook');
      case 400:
        await response.body?.cancel();
        throw internalError('Invalid payload sent to hook');
      case 401:
        await response.body?.cancel();
        throw internalError('Hook requires authorization token');
      default:
        await response.body?.cancel();
        throw internalError(`Unexpected status code returned from hook: ${response.status}`);
    }
  }
  throw internalError('Service currently unavailable due to hook');
}

async function readHookJson(response: Response): Promise<Record<string, unknown>> {
  const contentType = response.headers.get('content-type');
  const invalidType = (message: string) => new ApiError(400, 'hook_payload_invalid_content_type', message);
  if (!contentType) {
    await response.body?.cancel();
    throw invalidType('Invalid Content-Type: Missing Content-Type header');
  }
  if (contentType.split(';')[0]!.trim().toLowerCase() !== 'application/json') {
    await response.body?.cancel();
    throw invalidType(`Invalid JSON response. Received content-type: ${contentType}`);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > HTTP_HOOK_RESPONSE_LIMIT)
    throw unprocessable(
      'hook_payload_over_size_limit',
      `Payload size exceeded size limit of ${HTTP_HOOK_RESPONSE_LIMIT} bytes`,
    );
  let output: unknown;
  try {
    output = JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    throw internalError('Error unmarshaling JSON output.');
  }
  if (!output || typeof output !== 'object' || Array.isArray(output))
    throw internalError('Error unmarshaling JSON output.');
  return output as Record<string, unknown>;
}

/** A member of a hook's answer decoded as Go's json.Unmarshal into a typed field: absent or null is the zero value. */
export function hookField<T extends 'string' | 'boolean'>(
  output: Record<string, unknown> | undefined,
  key: string,
  type: T,
): T extends 'string' ? string : boolean {
  const value = output?.[key];
  if (value === undefined || value === null) return (type === 'string' ? '' : false) as never;
  if (typeof value !== type) throw internalError('Error unmarshaling JSON output.');
  return value as never;
}

/** v0hooks: the decision that refuses the attempt. */
export const HOOK_REJECTION = 'reject';

/** PasswordVerificationAttemptOutput / MFAVerificationAttemptOutput. */
export interface AttemptDecision {
  decision: string;
  message: string;
  should_logout_user: boolean;
}

export const attemptDecision = (output: Record<string, unknown> | undefined): AttemptDecision => ({
  decision: hookField(output, 'decision', 'string'),
  message: hookField(output, 'message', 'string'),
  should_logout_user: hookField(output, 'should_logout_user', 'boolean'),
});

/** GoTrue's MinimumViableTokenSchema, checked on custom_access_token's claims (tokens/service.go). */
const REQUIRED_CLAIMS = [
  'aud',
  'exp',
  'iat',
  'sub',
  'email',
  'phone',
  'role',
  'aal',
  'session_id',
  'is_anonymous',
];
const CLAIM_TYPES: Record<string, string[]> = {
  aud: ['string', 'array'],
  exp: ['integer'],
  jti: ['string'],
  iat: ['integer'],
  iss: ['string'],
  nbf: ['integer'],
  sub: ['string'],
  email: ['string'],
  phone: ['string'],
  app_metadata: ['object'],
  user_metadata: ['object'],
  role: ['string'],
  aal: ['string'],
  amr: ['array'],
  session_id: ['string'],
  client_id: ['string'],
};

/** JSON Schema's type of a value, as gojsonschema names it. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The claims of custom_access_token's answer, or GoTrue's 500 for a missing or malformed set. */
export function customClaims(output: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!output || !Object.hasOwn(output, 'claims')) throw internalError('output claims field is missing');
  const claims = output.claims;
  if (!claims || typeof claims !== 'object' || Array.isArray(claims))
    throw internalError('Error unmarshaling JSON output.');
  const problems: string[] = [];
  const c = claims as Record<string, unknown>;
  for (const key of REQUIRED_CLAIMS) if (!Object.hasOwn(c, key)) problems.push(`(root): ${key} is required`);
  for (const [key, types] of Object.entries(CLAIM_TYPES)) {
    if (!Object.hasOwn(c, key)) continue;
    const given = jsonType(c[key]);
    if (!types.includes(given) && !(types.includes('number') && given === 'integer'))
      problems.push(`${key}: Invalid type. Expected: ${types.join(', ')}, given: ${given}`);
  }
  if (Array.isArray(c.amr))
    c.amr.forEach((entry, i) => {
      if (!['string', 'object'].includes(jsonType(entry)))
        problems.push(`amr.${i}: Must validate at least one schema (anyOf)`);
    });
  if (problems.length)
    throw internalError(
      `output claims do not conform to the expected schema: \n${problems.map((p) => `- ${p}\n`).join('')}`,
    );
  return c;
}
