// How @supabase/ssr stores the session in its cookie. 'raw' is the JSON itself (the cookie layer percent-encodes
// it), read with native decodeURIComponent and JSON.parse; the default 'base64url' is decoded one byte at a time in
// JavaScript, which profiled at about a tenth of a signed-in request's CPU in the edge middleware (bench/README.md).
// Both clients read either form, so cookies written before keep working. No imports: the bench, which runs outside
// Next and cannot resolve the app's `@/` paths, signs in with the same setting.
export const authCookieEncoding = 'raw' as const;
