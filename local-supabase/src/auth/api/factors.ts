import { sendNotification } from '../rules/emails.ts';
import { canonicalIp } from '../rules/rate-limits.ts';
import { generateTotpKey, totpStep } from '../rules/totp.ts';
import {
  type FactorCredential,
  factorLoginOptions,
  factorRegistrationOptions,
  parseAssertion,
  parseAttestation,
  verificationFailed,
  verifyFactorLogin,
  verifyFactorRegistration,
} from '../rules/passkeys.ts';
import { tokenResponse } from '../rules/session-tokens.ts';
import type { RequestContext } from '../../http/context.ts';
import { ApiError, badRequest, forbidden, unprocessable } from '../../errors.ts';
import {
  acceptCode,
  AMR_METHOD,
  type ChallengeRow,
  createChallenge,
  deleteChallenge,
  deleteExpiredFactors,
  deleteFactor,
  deleteUnverifiedFactors,
  type FactorRow,
  factorJson,
  findChallenge,
  insertFactor,
  listFactors,
  renameFactor,
  saveWebAuthnCredential,
  spendChallenge,
  type WebAuthnChallenge,
} from '../store/factors.ts';
import type { Sql } from '../../db/database.ts';
import { lockRecoveryCodeSet } from '../store/recovery-codes.ts';
import { endAal1Sessions, endSessions, raiseSessionToAal2, sessionAal } from '../store/sessions.ts';
import { attemptDecision, HOOK_REJECTION, hookEnabled, runHook } from '../rules/hooks.ts';
import { type Authenticated, clientIp, loadedFactor, loadedUser, sessionClientOf } from './guards.ts';

/** MFA factors (GoTrue's mfa.go) and the admin factor routes (admin.go). Phone factors cannot be switched on locally. */

const internal = (message: string) => new ApiError(500, 'unexpected_failure', message);

/**
 * The verify switch of a factor's type (phone factors are always off here). GoTrue's verify route answers a
 * switched-off WebAuthn factor with the enroll code (`route`), its challenge route with the verify code.
 */
function requireVerifyEnabled(ctx: RequestContext, factor: FactorRow, route: 'challenge' | 'verify'): void {
  const { mfa } = ctx.app.config;
  if (factor.factor_type === 'totp') {
    if (!mfa.totp.verifyEnabled)
      throw unprocessable('mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');
    return;
  }
  if (factor.factor_type === 'webauthn') {
    if (!mfa.webAuthn.verifyEnabled)
      throw unprocessable(
        route === 'verify' ? 'mfa_webauthn_enroll_not_enabled' : 'mfa_webauthn_verify_not_enabled',
        'MFA verification is disabled for WebAuthn',
      );
    return;
  }
  if (factor.factor_type === 'recovery_code') throw unknownFactorType();
  throw unprocessable('mfa_phone_verify_not_enabled', 'MFA verification is disabled for Phone');
}

/** A factor type that can stand on its own as a second factor with this configuration. */
const usableFactorType = (ctx: RequestContext, type: FactorRow['factor_type']): boolean =>
  (type === 'totp' && ctx.app.config.mfa.totp.verifyEnabled) ||
  (type === 'webauthn' && ctx.app.config.mfa.webAuthn.verifyEnabled);

const unknownFactorType = () =>
  badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');

/** The session the JWT names; GoTrue answers 500 when there is none (a token this server did not issue to a session). */
async function currentSessionAal(ctx: RequestContext, auth: Authenticated, message: string): Promise<string> {
  const aal = await sessionAal(ctx.app.db.sql, auth.sessionId);
  if (aal === undefined) throw internal(message);
  return aal;
}

const nameConflict = (name: string) =>
  unprocessable(
    'mfa_factor_name_conflict',
    `A factor with the friendly name ${JSON.stringify(name)} for this user already exists`,
  );

/** validateFactors: expired factors purged, then the name, the two limits and the AAL, in GoTrue's order. */
export async function validateFactors(
  ctx: RequestContext,
  sql: Sql,
  auth: Authenticated,
  friendlyName: string,
  aal: string,
): Promise<void> {
  const { mfa } = ctx.app.config;
  await deleteExpiredFactors(sql, mfa.factorExpirySeconds);
  const factors = await listFactors(sql, auth.user.id);
  if (factors.some((f) => (f.friendly_name ?? '') === friendlyName)) throw nameConflict(friendlyName);
  const tooMany = () =>
    unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  if (factors.length >= mfa.maxEnrolledFactors) throw tooMany();
  const verified = factors.filter((f) => f.status === 'verified').length;
  if (verified >= mfa.maxVerifiedFactors) throw tooMany();
  if (verified > 0 && aal !== 'aal2')
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
}

/** POST /factors: an unverified TOTP factor with its secret, otpauth URI and QR code, or a bare WebAuthn factor. */
export async function enroll(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  const { app } = ctx;
  const aal = await currentSessionAal(
    ctx,
    auth,
    'A valid session and a registered user are required to enroll a factor',
  );
  const body = await ctx.body('EnrollFactorParams');
  const friendlyName = body.string('friendly_name');
  const factorType = body.string('factor_type');
  const issuerParam = body.string('issuer');
  body.string('phone');
  if (factorType === 'phone')
    throw unprocessable('mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (factorType === 'webauthn') return enrollWebAuthn(ctx, auth, friendlyName, aal);
  if (factorType !== 'totp') throw unknownFactorType();
  if (!app.config.mfa.totp.enrollEnabled)
    throw unprocessable('mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  const issuer = issuerParam || siteHost(app.config.siteUrl);

  const factor = await app.db.tx(async (sql) => {
    await validateFactors(ctx, sql, auth, friendlyName, aal);
    // pquerna refuses an empty account name; GoTrue then answers this 500 (an anonymous-turned or phone-only user).
    if (!auth.user.email) throw internal('Error generating QR Code');
    const key = await generateTotpKey(issuer, auth.user.email);
    const row = await insertFactor(sql, {
      userId: auth.user.id,
      friendlyName,
      factorType: 'totp',
      secret: key.secret,
    });
    return { row, key };
  });
  return ctx.json(200, {
    id: factor.row.id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: factor.key.qrCode, secret: factor.key.secret, uri: factor.key.uri },
  });
}

/** enrollWebAuthnFactor: the factor only; its credential comes with the first challenge and verification. */
async function enrollWebAuthn(
  ctx: RequestContext,
  auth: Authenticated,
  friendlyName: string,
  aal: string,
): Promise<Response> {
  if (!ctx.app.config.mfa.webAuthn.enrollEnabled)
    throw unprocessable('mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  const row = await ctx.app.db.tx(async (sql) => {
    await validateFactors(ctx, sql, auth, friendlyName, aal);
    return insertFactor(sql, { userId: auth.user.id, friendlyName, factorType: 'webauthn', secret: null });
  });
  return ctx.json(200, { id: row.id, type: 'webauthn', friendly_name: friendlyName });
}

/** The default issuer: SITE_URL's host with its port, as Go's url.URL.Host. */
function siteHost(siteUrl: string): string {
  try {
    return new URL(siteUrl).host;
  } catch {
    throw internal('site url is improperly formatted');
  }
}

/**
 * POST /factors/{factor_id}/challenge: a challenge bound to the client IP (the body is not read for TOTP). A WebAuthn
 * factor's challenge carries the browser's options: creation while unverified, a sign-in with its key after.
 */
export async function challenge(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  const factor = loadedFactor(ctx);
  requireVerifyEnabled(ctx, factor, 'challenge');
  if (factor.factor_type === 'webauthn') return challengeWebAuthn(ctx, auth, factor);
  const row = await ctx.app.db.tx((sql) => createChallenge(sql, factor.id, challengeIp(ctx)));
  return ctx.json(200, { id: row.id, type: factor.factor_type, expires_at: expiresAt(ctx, row.created_at) });
}

const expiresAt = (ctx: RequestContext, createdAt: Date): number =>
  Math.floor(createdAt.getTime() / 1000 + ctx.app.config.mfa.challengeExpirySeconds);

async function challengeWebAuthn(
  ctx: RequestContext,
  auth: Authenticated,
  factor: FactorRow,
): Promise<Response> {
  const { app } = ctx;
  // Decoded as GoTrue decodes it (a malformed body is a 400); supabase-js' rpId and rpOrigins are not used.
  (await ctx.body('ChallengeFactorParams')).object('webauthn');
  let made: Awaited<ReturnType<typeof factorLoginOptions>>;
  let type: WebAuthnChallenge['type'];
  if (factor.status === 'verified' && factor.web_authn_credential) {
    type = 'request';
    made = await factorLoginOptions(app.config.webauthn, factor.web_authn_credential);
  } else {
    type = 'create';
    const existing = (await listFactors(app.db.sql, auth.user.id))
      .map((f) => (f.status === 'verified' ? f.web_authn_credential : null))
      .filter((c): c is FactorCredential => c !== null);
    made = await factorRegistrationOptions(app.config.webauthn, auth.user, existing);
  }
  const row = await app.db.tx((sql) =>
    createChallenge(sql, factor.id, challengeIp(ctx), { type, session: made.session }),
  );
  return ctx.json(200, {
    id: row.id,
    type: 'webauthn',
    expires_at: expiresAt(ctx, row.created_at),
    webauthn: { type, credential_options: made.options },
  });
}

/** The client IP a challenge is bound to: the one the rate limits use, else the socket's (in-process calls have none). */
const challengeIp = (ctx: RequestContext): string =>
  canonicalIp(clientIp(ctx)) ?? canonicalIp(ctx.remoteAddress) ?? '127.0.0.1';

/** Go decodes challenge_id into a uuid.UUID, so anything else is a parse error. */
function challengeIdOf(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const text = typeof raw === 'string' ? raw : undefined;
  if (
    text === undefined ||
    !/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(text) ||
    (text.length !== 32 && text.length !== 36)
  ) {
    const detail =
      text === undefined
        ? `json: cannot unmarshal ${Array.isArray(raw) ? 'array' : typeof raw} into Go struct field VerifyFactorParams.challenge_id of type uuid.UUID`
        : `uuid: incorrect UUID length ${text.length} in string ${JSON.stringify(text)}`;
    throw badRequest('bad_json', `Could not parse request body as JSON: ${detail}`);
  }
  const hex = text.replace(/-/g, '').toLowerCase();
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const challengeNotFound = () =>
  unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');

/**
 * POST /factors/{factor_id}/verify: a right code on a live challenge from the same IP raises the current session to
 * aal2 (new refresh token), ends the user's aal1 sessions and verifies the factor. A wrong code leaves the challenge
 * open. Stricter than GoTrue: a code's time step is accepted once per factor.
 */
export async function verify(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  const { app } = ctx;
  const factor = loadedFactor(ctx);
  const body = await ctx.body('VerifyFactorParams');
  const challengeId = challengeIdOf(body.raw.challenge_id);
  const code = body.string('code');
  const webAuthn = body.object('webauthn');
  if (code === '' && factor.factor_type !== 'webauthn')
    throw badRequest('validation_failed', 'Code needs to be non-empty');
  requireVerifyEnabled(ctx, factor, 'verify');
  const sessionId = auth.sessionId;
  if (!sessionId) throw internal('Cannot read SessionId claim as UUID');
  if (factor.factor_type === 'webauthn')
    return verifyWebAuthn(ctx, auth, factor, sessionId, challengeId, webAuthn);

  const challengeRow = await liveChallenge(ctx, factor, challengeId);
  const invalid = () => unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
  const step = factor.secret ? totpStep(factor.secret, code) : undefined;
  if (hookEnabled(app, 'mfa_verification_attempt')) {
    const output = await runHook(
      app,
      'mfa_verification_attempt',
      sessionClientOf(ctx).ip,
      {
        user_id: auth.user.id,
        factor_id: factor.id,
        factor_type: factor.factor_type,
        valid: step !== undefined,
      },
      { decode: attemptDecision },
    );
    if (output.decision === HOOK_REJECTION) {
      // GoTrue ends every session of the user before answering.
      await app.db.tx((sql) => endSessions(sql, auth.user.id, 'global', undefined));
      throw forbidden(
        'mfa_verification_rejected',
        output.message || 'Further MFA verification attempts will be rejected.',
      );
    }
  }
  if (step === undefined) throw invalid();

  const response = await app.db.tx(async (sql) => {
    // The challenge's use and the step check happen together, so a challenge (or a code) wins once.
    const accepted = await acceptCode(sql, factor.id, challengeRow.id, step);
    if (accepted === 'challenge used')
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    if (accepted === 'code used') throw invalid();
    const refreshToken = await raiseSessionToAal2(sql, sessionId, factor.id, AMR_METHOD[factor.factor_type]);
    await endAal1Sessions(sql, auth.user.id);
    await deleteUnverifiedFactors(sql, auth.user.id, factor.factor_type);
    // GoTrue's notice goes out when this verification is the one that verified the factor.
    if (factor.status !== 'verified')
      await sendNotification(app, sql, auth.user, 'mfa_factor_enrolled', { FactorType: factor.factor_type });
    return tokenResponse(app, sql, auth.user.id, sessionId, refreshToken, {
      method: AMR_METHOD[factor.factor_type],
      ip: sessionClientOf(ctx).ip,
    });
  });
  return ctx.json(200, response);
}

/** validateChallenge: this factor's challenge, unused, from the same IP and not expired (an expired one is deleted). */
async function liveChallenge(
  ctx: RequestContext,
  factor: FactorRow,
  challengeId: string | undefined,
): Promise<ChallengeRow> {
  const { app } = ctx;
  const challengeRow = challengeId ? await findChallenge(app.db.sql, factor.id, challengeId) : undefined;
  if (!challengeRow) throw challengeNotFound();
  if (challengeRow.verified_at !== null || challengeRow.ip_address !== challengeIp(ctx)) {
    throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
  }
  if (Date.now() > challengeRow.created_at.getTime() + app.config.mfa.challengeExpirySeconds * 1000) {
    await deleteChallenge(app.db.sql, challengeRow.id);
    throw unprocessable(
      'mfa_challenge_expired',
      `MFA challenge ${challengeRow.id} has expired, verify against another challenge or create a new challenge.`,
    );
  }
  return challengeRow;
}

/**
 * verifyWebAuthnFactor: the browser's answer to the challenge's options. A creation answer verifies the factor and
 * stores its credential; a sign-in answer must be signed by that credential. Either raises the session to aal2 with
 * amr mfa/webauthn. Stricter than GoTrue: the answer must be the kind the challenge asked for, only this factor's
 * credential signs for it, and a failed verification is a 400 (GoTrue answers 500).
 */
async function verifyWebAuthn(
  ctx: RequestContext,
  auth: Authenticated,
  factor: FactorRow,
  sessionId: string,
  challengeId: string | undefined,
  webAuthn: Record<string, unknown> | undefined,
): Promise<Response> {
  const { app } = ctx;
  if (!webAuthn) throw badRequest('validation_failed', 'WebAuthn config required');
  const type = webAuthn.type ?? '';
  if (typeof type !== 'string') {
    const kind = Array.isArray(type) ? 'array' : typeof type;
    throw badRequest(
      'bad_json',
      `Could not parse request body as JSON: json: cannot unmarshal ${kind} into Go struct field WebAuthnParams.webauthn.type of type string`,
    );
  }
  if (type !== 'create' && type !== 'request')
    throw badRequest('validation_failed', 'WebAuthn type must be create or request');
  // A json.RawMessage: absent is nil, while `null` is a value (which the parser then refuses).
  if (!Object.hasOwn(webAuthn, 'credential_response'))
    throw badRequest('validation_failed', 'credential_response required');
  const response = webAuthn.credential_response;

  const challengeRow = await liveChallenge(ctx, factor, challengeId);
  const asked = challengeRow.web_authn_session_data;
  try {
    if (type === 'create') parseAttestation(response);
    else parseAssertion(response);
  } catch {
    throw badRequest('validation_failed', 'Invalid credential_response');
  }
  if (!asked || asked.type !== type) throw verificationFailed();
  let created: Awaited<ReturnType<typeof verifyFactorRegistration>> | undefined;
  if (type === 'create') {
    created = await verifyFactorRegistration(app.config.webauthn, asked.session, auth.user.id, response);
  } else {
    if (!factor.web_authn_credential) throw verificationFailed();
    await verifyFactorLogin(app.config.webauthn, asked.session, factor.web_authn_credential, response);
  }

  const tokens = await app.db.tx(async (sql) => {
    if (!(await spendChallenge(sql, challengeRow.id))) throw challengeNotFound();
    const newlyVerified = factor.status !== 'verified' && created !== undefined;
    if (newlyVerified) await saveWebAuthnCredential(sql, factor.id, created!.credential, created!.aaguid);
    const refreshToken = await raiseSessionToAal2(sql, sessionId, factor.id, AMR_METHOD.webauthn);
    await endAal1Sessions(sql, auth.user.id);
    await deleteUnverifiedFactors(sql, auth.user.id, 'webauthn');
    if (newlyVerified)
      await sendNotification(app, sql, auth.user, 'mfa_factor_enrolled', { FactorType: 'webauthn' });
    return tokenResponse(app, sql, auth.user.id, sessionId, refreshToken, {
      method: AMR_METHOD.webauthn,
      ip: sessionClientOf(ctx).ip,
    });
  });
  return ctx.json(200, tokens);
}

/** DELETE /factors/{factor_id}: a verified factor needs an aal2 session; sessions raised with it drop to aal1. */
export async function unenroll(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  const factor = loadedFactor(ctx);
  const aal = await currentSessionAal(
    ctx,
    auth,
    'A valid session and factor are required to unenroll a factor',
  );
  if (factor.factor_type === 'recovery_code')
    throw unprocessable(
      'validation_failed',
      'Recovery codes cannot be unenrolled with this endpoint, use DELETE /factors/recovery-codes',
    );
  if (factor.status === 'verified' && aal !== 'aal2')
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  await ctx.app.db.tx(async (sql) => {
    // Recovery codes can never be the user's only second factor: the last usable other one cannot go first.
    if (factor.status === 'verified' && (await lockRecoveryCodeSet(sql, auth.user.id))) {
      const others = (await listFactors(sql, auth.user.id)).filter(
        (f) => f.id !== factor.id && f.status === 'verified' && usableFactorType(ctx, f.factor_type),
      );
      if (others.length === 0)
        throw unprocessable(
          'mfa_recovery_codes_sole_factor',
          'Recovery codes cannot be the only verified factor. Please enroll another factor before unenrolling this one or delete your recovery codes.',
        );
    }
    await deleteFactor(sql, factor);
    // As GoTrue: for any factor the user removes, verified or not (the admin route sends none).
    await sendNotification(ctx.app, sql, auth.user, 'mfa_factor_unenrolled', {
      FactorType: factor.factor_type,
    });
  });
  return ctx.json(200, { id: factor.id });
}

/** GET /admin/users/{user_id}/factors. */
export async function adminList(ctx: RequestContext): Promise<Response> {
  return ctx.json(200, (await listFactors(ctx.app.db.sql, loadedUser(ctx).id)).map(factorJson));
}

/** DELETE /admin/users/{user_id}/factors/{factor_id}: no AAL check; answers the deleted factor. */
export async function adminDelete(ctx: RequestContext): Promise<Response> {
  const factor = loadedFactor(ctx);
  await ctx.app.db.tx((sql) => deleteFactor(sql, factor));
  return ctx.json(200, factorJson(factor));
}

/** PUT /admin/users/{user_id}/factors/{factor_id}: a new friendly name (a phone applies to phone factors only). */
export async function adminUpdate(ctx: RequestContext): Promise<Response> {
  let factor = loadedFactor(ctx);
  const body = await ctx.body('adminUserUpdateFactorParams');
  const friendlyName = body.string('friendly_name');
  body.string('phone');
  if (friendlyName !== '') {
    factor = await ctx.app.db.tx(async (sql) => {
      // GoTrue lets the unique index fail (a 500); a conflict is answered as enroll answers it.
      if (
        (await listFactors(sql, factor.user_id)).some(
          (f) => f.id !== factor.id && f.friendly_name === friendlyName,
        )
      )
        throw nameConflict(friendlyName);
      return renameFactor(sql, factor.id, friendlyName);
    });
  }
  return ctx.json(200, factorJson(factor));
}
