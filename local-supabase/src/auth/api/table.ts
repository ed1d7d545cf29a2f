import * as adminLinks from './admin-links.ts';
import * as adminUsers from './admin-users.ts';
import * as factors from './factors.ts';
import {
  adminRoute,
  emailProviderEnabled,
  loadFactor,
  loadUser,
  manualLinkingEnabled,
  notAnonymous,
  oauthServerEnabled,
  passkeyEnabled,
  type Route,
  route,
  samlEnabled,
  userRoute,
} from './guards.ts';
import * as identities from './identities.ts';
import * as idp from './local-idp.ts';
import * as oauth from './oauth.ts';
import { magicLink, otp } from './otp.ts';
import * as passkeys from './passkeys.ts';
import * as recoveryCodes from './recovery-codes.ts';
import { recover, resend } from './recover.ts';
import * as settings from './settings.ts';
import { signup, signupLimit } from './signup.ts';
import { closedBy } from './switched-off.ts';
import { token, tokenLimit } from './token.ts';
import * as user from './user.ts';
import { verifyGet, verifyPost } from './verify.ts';

const saml = closedBy(samlEnabled);
const oauthServer = closedBy(oauthServerEnabled);

/**
 * Every route of the API and its guards, as GoTrue's internal/api/api.go declares them. `userRoute` is
 * requireAuthentication, `adminRoute` requireAdminCredentials, `uses` the group middleware behind the credentials
 * (requireNotAnonymous, loadUser, loadFactor), `limit` the per-IP limitHandler bucket, `checks` the feature middleware. Each route answers under /auth/v1 and at the root; another method on a path answers 405.
 */
export const ROUTES: readonly Route[] = [
  route('GET', '/health', settings.health),
  route('GET', '/settings', settings.settings),
  route('GET', '/.well-known/jwks.json', settings.jwks),
  route('GET', '/.well-known/openid-configuration', settings.openIdConfiguration),

  route('POST', '/signup', signup, { limit: signupLimit }),
  route('POST', '/token', token, { limit: tokenLimit }),
  route('POST', '/otp', otp, { limit: 'signInSignUps' }),
  route('POST', '/magiclink', magicLink, { limit: 'signInSignUps' }),
  route('GET', '/verify', verifyGet, { limit: 'tokenVerifications' }),
  route('POST', '/verify', verifyPost, { limit: 'tokenVerifications' }),
  route('POST', '/recover', recover, { limit: 'signInSignUps', checks: [emailProviderEnabled] }),
  route('POST', '/resend', resend, { limit: 'signInSignUps' }),

  userRoute('GET', '/user', user.getUser),
  userRoute('PUT', '/user', user.updateCurrentUser, { limit: 'signInSignUps' }),
  userRoute('GET', '/reauthenticate', user.reauthenticate),
  userRoute('POST', '/logout', user.logout),
  userRoute('GET', '/user/identities/authorize', identities.linkIdentity, { checks: [manualLinkingEnabled] }),
  userRoute('DELETE', '/user/identities/{identity_id}', identities.deleteIdentity, {
    checks: [manualLinkingEnabled],
  }),

  // The /passkeys group answers 404 passkey_disabled first when passkeys are off (r.Use(requirePasskeyEnabled)).
  route('POST', '/passkeys/authentication/options', passkeys.authenticationStart, {
    gates: [passkeyEnabled],
    limit: 'passkey',
  }),
  route('POST', '/passkeys/authentication/verify', passkeys.authenticationFinish, {
    gates: [passkeyEnabled],
  }),
  userRoute('POST', '/passkeys/registration/options', passkeys.registrationStart, {
    gates: [passkeyEnabled],
    uses: [notAnonymous],
  }),
  userRoute('POST', '/passkeys/registration/verify', passkeys.registrationFinish, {
    gates: [passkeyEnabled],
    uses: [notAnonymous],
  }),
  userRoute('GET', '/passkeys', passkeys.list, { gates: [passkeyEnabled] }),
  userRoute('PATCH', '/passkeys/{passkey_id}', passkeys.rename, { gates: [passkeyEnabled] }),
  userRoute('DELETE', '/passkeys/{passkey_id}', passkeys.remove, { gates: [passkeyEnabled] }),
  userRoute('POST', '/factors', factors.enroll, { uses: [notAnonymous] }),
  // Before /factors/{factor_id}: the router tries routes in this order, as chi prefers the static segment.
  userRoute('GET', '/factors/recovery-codes', recoveryCodes.status, { uses: [notAnonymous] }),
  userRoute('POST', '/factors/recovery-codes', recoveryCodes.generate, { uses: [notAnonymous] }),
  userRoute('POST', '/factors/recovery-codes/verify', recoveryCodes.verify, {
    uses: [notAnonymous],
    limit: 'factorVerify',
  }),
  userRoute('POST', '/factors/recovery-codes/regenerate', recoveryCodes.regenerate, { uses: [notAnonymous] }),
  userRoute('DELETE', '/factors/recovery-codes', recoveryCodes.remove, { uses: [notAnonymous] }),
  userRoute('POST', '/factors/{factor_id}/challenge', factors.challenge, {
    uses: [notAnonymous, loadFactor],
    limit: 'factorChallenge',
  }),
  userRoute('POST', '/factors/{factor_id}/verify', factors.verify, {
    uses: [notAnonymous, loadFactor],
    limit: 'factorVerify',
  }),
  userRoute('DELETE', '/factors/{factor_id}', factors.unenroll, { uses: [notAnonymous, loadFactor] }),

  route('GET', '/authorize', oauth.authorize),
  route('GET', '/callback', oauth.callback),
  route('POST', '/callback', oauth.callback),
  route('GET', '/local-idp/authorize', idp.consent),
  route('POST', '/local-idp/authorize', idp.decide),

  adminRoute('POST', '/invite', adminLinks.invite),
  adminRoute('POST', '/admin/generate_link', adminLinks.generateLink),
  adminRoute('GET', '/admin/users', adminUsers.list),
  adminRoute('POST', '/admin/users', adminUsers.create),
  adminRoute('GET', '/admin/users/{user_id}', adminUsers.get, { uses: [loadUser] }),
  adminRoute('PUT', '/admin/users/{user_id}', adminUsers.update, { uses: [loadUser] }),
  adminRoute('DELETE', '/admin/users/{user_id}', adminUsers.remove, { uses: [loadUser] }),
  adminRoute('GET', '/admin/users/{user_id}/factors', factors.adminList, { uses: [loadUser] }),
  adminRoute('DELETE', '/admin/users/{user_id}/factors/{factor_id}', factors.adminDelete, {
    uses: [loadUser, loadFactor],
  }),
  adminRoute('PUT', '/admin/users/{user_id}/factors/{factor_id}', factors.adminUpdate, {
    uses: [loadUser, loadFactor],
  }),
  adminRoute('GET', '/admin/users/{user_id}/passkeys', passkeys.adminList, { uses: [loadUser] }),
  adminRoute('DELETE', '/admin/users/{user_id}/passkeys/{passkey_id}', passkeys.adminRemove, {
    uses: [loadUser],
  }),

  // Features GoTrue gates that the local server does not have: their gate answers (see switched-off.ts).
  route('POST', '/sso', saml, { gates: [samlEnabled] }),
  route('GET', '/sso/saml/metadata', saml, { gates: [samlEnabled] }),
  route('POST', '/sso/saml/acs', saml, { gates: [samlEnabled] }),
  route('GET', '/.well-known/oauth-authorization-server', oauthServer, { gates: [oauthServerEnabled] }),
  route('POST', '/oauth/clients/register', oauthServer, { gates: [oauthServerEnabled] }),
  route('POST', '/oauth/token', oauthServer, { gates: [oauthServerEnabled] }),
  route('GET', '/oauth/authorize', oauthServer, { gates: [oauthServerEnabled] }),
  userRoute('GET', '/oauth/userinfo', oauthServer, { gates: [oauthServerEnabled] }),
  userRoute('GET', '/oauth/authorizations/{authorization_id}', oauthServer, { gates: [oauthServerEnabled] }),
  userRoute('POST', '/oauth/authorizations/{authorization_id}/consent', oauthServer, {
    gates: [oauthServerEnabled],
  }),
  userRoute('GET', '/user/oauth/grants', oauthServer, { checks: [oauthServerEnabled] }),
  userRoute('DELETE', '/user/oauth/grants', oauthServer, { checks: [oauthServerEnabled] }),
  adminRoute('GET', '/admin/oauth/clients', oauthServer, { checks: [oauthServerEnabled] }),
  adminRoute('POST', '/admin/oauth/clients', oauthServer, { checks: [oauthServerEnabled] }),
  adminRoute('GET', '/admin/oauth/clients/{client_id}', oauthServer, { checks: [oauthServerEnabled] }),
  adminRoute('PUT', '/admin/oauth/clients/{client_id}', oauthServer, { checks: [oauthServerEnabled] }),
  adminRoute('DELETE', '/admin/oauth/clients/{client_id}', oauthServer, { checks: [oauthServerEnabled] }),
  adminRoute('POST', '/admin/oauth/clients/{client_id}/regenerate_secret', oauthServer, {
    checks: [oauthServerEnabled],
  }),

  // Local only: request counters for tests and the bench (not counted themselves).
  route('GET', '/__local/stats', settings.requestStats, { uncounted: true }),
  route('POST', '/__local/stats/reset', settings.resetRequestStats, { uncounted: true }),
];
