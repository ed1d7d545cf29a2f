import { ERRORS } from './errors.ts';

/**
 * Object names as the storage service accepts them (isValidKey in src/storage/limits.ts): S3-safe ASCII only, so no
 * backslash, percent sign, control character or non-ASCII letter; no `.` or `..` segment (its file backend's
 * secure-path rule); at most S3's 1024 bytes. A percent-encoded variant (`%2e%2e`, `%5c`) is decoded once with the
 * URL and then meets the same rule; encoded twice, its `%` is refused.
 */
const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/;
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/;
export const MAX_KEY_BYTES = 1024;

export function isValidKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= MAX_KEY_BYTES &&
    VALID_OBJECT_KEY.test(key) &&
    !key.split('/').some((segment) => segment === '.' || segment === '..')
  );
}

export function mustBeValidKey(key: string | undefined): string {
  if (!key || !isValidKey(key)) throw ERRORS.invalidKey(key ?? '');
  return key;
}

export function isValidBucketName(name: string): boolean {
  return (
    name.length > 0 && name.length < 101 && VALID_BUCKET_NAME.test(name) && name !== '.' && name !== '..'
  );
}

export function mustBeValidBucketName(name: unknown): string {
  if (typeof name !== 'string' || !isValidBucketName(name)) throw ERRORS.invalidBucketName();
  return name;
}

/** File sizes as the storage service parses them (parseFileSizeToBytes): `20GB`, `5MB`, `30KB`, `3B`, decimal units. */
export function parseFileSize(value: string): number {
  const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(value);
  if (!m) throw ERRORS.invalidFileSizeLimit();
  const n = Number(Number.parseFloat(m[1]!).toPrecision(3));
  const unit = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 }[m[2]!.toUpperCase() as 'GB' | 'MB' | 'KB' | 'B'];
  return n * unit;
}
