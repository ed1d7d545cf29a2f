// The OAuth providers enabled in supabase/config.toml ([auth.external.github], [auth.external.google]).
export const oauthProviders = ['github', 'google'] as const;
type OAuthProvider = (typeof oauthProviders)[number];

export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === 'string' && (oauthProviders as readonly string[]).includes(value);
}
