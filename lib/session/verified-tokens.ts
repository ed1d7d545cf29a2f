import type { JwtPayload } from '@supabase/supabase-js';

// Edge runtime: the middleware's claims, once per access token. A session sends the same access token on every
// request until it expires, and getClaims() checks it afresh each time: it decodes the three parts in JavaScript,
// imports the signing key into WebCrypto again and verifies the ES256 signature, about 6 % of the app's CPU for a
// signed-in view of a private page (profiled, bench/README.md). A token that verified is the same token on the next
// request: its claims are kept for a while, its expiry checked on every use.

/**
 * How long a verified token is taken on trust: the life of supabase-js's own copy of the signing keys (its JWKS cache,
 * 10 minutes), so a key withdrawn from the auth server's JWKS stops its tokens here within about the same time.
 */
export const verifiedReuseMs = 10 * 60 * 1000;

/** Tokens kept (oldest dropped first): a few per signed-in visitor active in the last minutes, on one instance. */
export const maxVerifiedTokens = 2000;

type ClaimsAnswer = { data: { claims: JwtPayload } | null; error: unknown };

const verified = new Map<string, { claims: JwtPayload; until: number }>();

/** The algorithm a token's header names, or '' for a header that is not one. */
function algorithmOf(token: string): string {
  try {
    const part = token.slice(0, token.indexOf('.')).replace(/-/g, '+').replace(/_/g, '/');
    const header = JSON.parse(atob(part + '='.repeat((4 - (part.length % 4)) % 4))) as { alg?: unknown };
    return typeof header.alg === 'string' ? header.alg : '';
  } catch {
    // Not a JWT header: getClaims says why.
    return '';
  }
}

/** The claims of a token this process verified within `verifiedReuseMs`, while it has not expired; else null. */
export function keptClaims(token: string, now = Date.now()): JwtPayload | null {
  const kept = verified.get(token);
  if (!kept) return null;
  if (kept.until > now && kept.claims.exp * 1000 > now) return kept.claims;
  verified.delete(token);
  return null;
}

/**
 * getClaims(token)'s answer, from memory when this process verified the same token within `verifiedReuseMs` and it has
 * not expired. Only tokens signed with an asymmetric key are kept: for a symmetric one (HS256) getClaims asks the
 * auth server, whose answer must not be taken for later requests.
 */
export async function claimsOf(
  token: string,
  getClaims: (token: string) => Promise<ClaimsAnswer>,
  now = Date.now(),
): Promise<ClaimsAnswer> {
  const kept = keptClaims(token, now);
  if (kept) return { data: { claims: kept }, error: null };
  const answer = await getClaims(token);
  const claims = answer.data?.claims;
  if (
    !answer.error &&
    claims &&
    typeof claims.exp === 'number' &&
    /^(?:ES|RS|PS|Ed)/.test(algorithmOf(token))
  ) {
    if (verified.size >= maxVerifiedTokens) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, until: now + verifiedReuseMs });
  }
  return answer;
}
