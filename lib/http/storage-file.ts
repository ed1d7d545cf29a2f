// What the app's routes that hand on one visitor's file from Storage (a picture, a note's file) share.

/** One visitor's answer, never stored by a cache and never shared between cookies. */
export const uncachedFileHeaders = { 'Cache-Control': 'private, no-store', Vary: 'Cookie' } as const;

/**
 * A Storage error as what it means to such a route: no such object; the token or the policies refused (Storage
 * answers 400 for a token it cannot read); or Storage itself failing.
 */
export function storageFailure(error: unknown): 'missing' | 'refused' | 'unavailable' {
  const { status, statusCode } = (error ?? {}) as { status?: unknown; statusCode?: unknown };
  if (status === 404 || statusCode === '404' || statusCode === 'not_found') return 'missing';
  if (status === 400 || status === 401 || status === 403) return 'refused';
  return 'unavailable';
}
