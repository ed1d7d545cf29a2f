import type { IncomingMessage } from 'node:http';
import { ApiError, badRequest } from '../errors.ts';
import { nulFreeReviver } from './nul-characters.ts';

/** GoTrue rejects bodies above 1 MB (its request size limit) with 413. */
export const MAX_BODY_BYTES = 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) {
    req.resume();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      req.resume();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function tooLarge(): ApiError {
  return new ApiError(413, 'request_entity_too_large', `Request body too large (max ${MAX_BODY_BYTES} bytes)`);
}

/** Parses a JSON object body whatever the Content-Type (as GoTrue does); an empty body counts as `{}`. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  const text = raw.toString('utf8');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text, nulFreeReviver);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw badRequest('bad_json', `Could not parse request body as JSON: ${(err as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: json: cannot unmarshal non-object into Go value');
  }
  return value as Record<string, unknown>;
}
