/** GoTrue's errors (apierrors): the status, the error code clients branch on and the message. */

/** An error answered with GoTrue's JSON envelope (apierrors.HTTPError). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** GoTrue answers weak passwords with an extra `weak_password.reasons` member, always 422. */
export class WeakPasswordError extends ApiError {
  readonly reasons: string[];
  constructor(message: string, reasons: string[]) {
    super(422, 'weak_password', message);
    this.reasons = reasons;
  }
}

/** OAuth-style `{error, error_description}` bodies, used by GoTrue for a few refresh-token errors. */
export class OAuthError extends ApiError {
  constructor(error: string, description: string) {
    super(400, error, description);
  }
}

export const badRequest = (code: string, message: string) => new ApiError(400, code, message);
export const unprocessable = (code: string, message: string) => new ApiError(422, code, message);
export const unauthorized = (code: string, message: string) => new ApiError(401, code, message);
export const forbidden = (code: string, message: string) => new ApiError(403, code, message);
export const notFound = (code: string, message: string) => new ApiError(404, code, message);
export const tooManyRequests = (code: string, message: string) => new ApiError(429, code, message);
export const unexpectedFailure = () =>
  new ApiError(
    500,
    'unexpected_failure',
    'Unexpected failure, please check server logs for more information',
  );

/** Where the server reports errors: one line each, with the request and the error code. */
export interface ErrorLog {
  /** Unexpected failures (answered 500): always worth a look. */
  failure(line: string): void;
  /** Errors answered to a client (4xx): quiet in tests, printed by the CLI. */
  clientError(line: string): void;
}
