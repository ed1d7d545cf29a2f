import { decodeJwt } from 'jose';
import type { RequestContext } from '../../http/context.ts';
import { badRequest, OAuthError } from '../../errors.ts';

/**
 * POST /token?grant_type=id_token (token_oidc.go IdTokenGrant), up to the provider's verdict: the request checks,
 * the provider and issuer resolution, and "not enabled". An enabled provider's token cannot be verified here: that
 * needs the provider's discovery document and keys from the internet, so it is answered as a token GoTrue cannot
 * verify ("Bad ID token").
 */

const ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  vercel_marketplace: 'https://marketplace.vercel.com',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
};
const APPLE_ISSUERS = ['https://appleid.apple.com', 'https://account.apple.com'];
const AZURE_ISSUER_PREFIXES = ['https://login.microsoftonline.com/', 'https://sts.windows.net/'];
/** GOTRUE_EXTERNAL_ALLOWED_ID_TOKEN_ISSUERS' default. */
const ALLOWED_ISSUERS = ['https://appleid.apple.com', 'https://accounts.google.com'];

export async function idTokenGrant(ctx: RequestContext): Promise<Response> {
  const body = await ctx.body('IdTokenGrantParams');
  const idToken = body.string('id_token');
  const provider = body.string('provider');
  const issuer = body.string('issuer');
  if (idToken === '') throw new OAuthError('invalid request', 'id_token required');
  if (provider === '' && (body.string('client_id') === '' || issuer === '')) {
    throw new OAuthError('invalid request', 'provider or client_id and issuer required');
  }
  if (body.boolean('link_identity') && !ctx.header('authorization')) {
    throw new OAuthError('invalid request', 'Linking requires a valid user access token in Authorization');
  }
  const { name, resolvedIssuer } = resolveProvider(provider, issuer, idToken);
  if (name && !ctx.app.config.external[name]?.enabled) {
    throw badRequest('provider_disabled', `Provider (issuer "${resolvedIssuer}") is not enabled`);
  }
  throw new OAuthError('invalid request', 'Bad ID token');
}

/** getProvider's switch: the provider's config name (undefined for an allowed custom issuer) and its issuer. */
function resolveProvider(
  provider: string,
  issuer: string,
  idToken: string,
): { name: string | undefined; resolvedIssuer: string } {
  if (provider === 'apple' || APPLE_ISSUERS.includes(issuer)) {
    return {
      name: 'apple',
      resolvedIssuer: detectIssuer(idToken, issuer, 'Apple', (iss) => APPLE_ISSUERS.includes(iss)),
    };
  }
  const known = Object.entries(ISSUERS).find(([p, iss]) => provider === p || issuer === iss);
  if (known) return { name: known[0], resolvedIssuer: known[1] };
  if (provider === 'azure' || AZURE_ISSUER_PREFIXES.some((p) => issuer.startsWith(p))) {
    return {
      name: 'azure',
      resolvedIssuer: detectIssuer(idToken, issuer, 'Azure', (iss) =>
        AZURE_ISSUER_PREFIXES.some((p) => iss.startsWith(p)),
      ),
    };
  }
  if (provider === 'keycloak') return { name: 'keycloak', resolvedIssuer: '' };
  if (provider.startsWith('custom:'))
    throw badRequest('validation_failed', `Custom provider "${provider}" not found`);
  if (!ALLOWED_ISSUERS.includes(issuer))
    throw badRequest('validation_failed', `Custom OIDC provider "${provider}" not allowed`);
  return { name: undefined, resolvedIssuer: issuer };
}

/** Apple and Azure read the issuer from the (not yet verified) token itself. */
function detectIssuer(
  idToken: string,
  given: string,
  label: string,
  accepts: (iss: string) => boolean,
): string {
  let detected: unknown;
  try {
    detected = decodeJwt(idToken).iss;
  } catch {
    // Undecodable: GoTrue's Detect*IDTokenIssuer fails the same way.
  }
  if (typeof detected !== 'string')
    throw badRequest('validation_failed', `Unable to detect issuer in ID token for ${label} provider`);
  if (!accepts(detected))
    throw badRequest('validation_failed', `Detected ID token issuer is not an ${label} ID token issuer`);
  if (given !== '' && given !== detected)
    throw badRequest('validation_failed', 'Provided issuer does not match ID token issuer');
  return detected;
}
