/**
 * The storage service's errors (src/internal/errors/codes.ts in github:supabase/storage). Its error handler answers
 * the body `{statusCode, code, error, message}`, statusCode being the error's own status as a string (404, 409, ...),
 * with the HTTP status 400 for every client error unless the error names another (403 for a refused role, 416), and
 * 500 for its own failures. storage-js reads the body's statusCode; clients see the same here as on hosted projects.
 */
export class StorageError extends Error {
  readonly status: number;
  readonly code: string;
  /** The body's `error` where the service keeps an older name (e.g. `not_found`); else the code. */
  readonly error: string;
  readonly httpStatus: number;
  constructor(status: number, code: string, message: string, error?: string, httpStatus?: number) {
    super(message);
    this.status = status;
    this.code = code;
    this.error = error ?? code;
    this.httpStatus = httpStatus ?? (status >= 500 ? 500 : 400);
  }

  response(): Response {
    const body = {
      statusCode: String(this.status),
      code: this.code,
      error: this.error,
      message: this.message,
    };
    const headers: Record<string, string> = { 'Content-Type': 'application/json; charset=utf-8' };
    return new Response(JSON.stringify(body), { status: this.httpStatus, headers });
  }
}

export const ERRORS = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  notFound: (method: string, path: string) =>
    new StorageError(404, 'NotFound', `Route ${method}:${path} not found`, 'Not Found', 404),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid'),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message || 'Invalid Request'),
  missingParameter: (name: string) =>
    new StorageError(400, 'MissingParameter', `Missing Required Parameter ${name}`),
  invalidParameter: (name: string, message?: string) =>
    new StorageError(400, 'InvalidParameter', message ?? `Invalid Parameter ${name}`),
  invalidJwt: (message = 'Invalid JWT') => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  accessDenied: (message = 'Access denied', httpStatus?: number) =>
    new StorageError(403, 'AccessDenied', message, undefined, httpStatus),
  rlsDenied: () => new StorageError(403, 'AccessDenied', 'new row violates row-level security policy'),
  alreadyExists: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  keyAlreadyExists: () =>
    new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () =>
    new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () =>
    new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  entityTooLarge: () =>
    new StorageError(
      413,
      'EntityTooLarge',
      'The object exceeded the maximum allowed size',
      'Payload too large',
    ),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  invalidRange: () => new StorageError(400, 'InvalidRange', 'invalid range provided', 'invalid_range', 416),
  invalidFileSizeLimit: () =>
    new StorageError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  imageProcessing: (message: string) => new StorageError(400, 'InvalidRequest', message),
};
