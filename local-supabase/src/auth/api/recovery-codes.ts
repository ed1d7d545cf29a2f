import { tokenResponse } from '../rules/session-tokens.ts';
import type { RequestContext } from '../../http/context.ts';
import { ApiError, badRequest, forbidden, notFound, tooManyRequests, unprocessable } from '../../errors.ts';
import {
  generateRecoveryCode,
  hashRecoveryCode,
  normalizeRecoveryCode,
  recoveryCodeMatches,
} from '../../crypto/recovery-codes.ts';
import { AMR_METHOD, deleteFactor, findOwnedFactor, listFactors } from '../store/factors.ts';
import {
  consumeRecoveryCode,
  countRecoveryCodes,
  createRecoveryCodeFactor,
  DEFAULT_RECOVERY_FACTOR_NAME,
  findRecoveryCodeSet,
  isLocked,
  lockRecoveryCodeSet,
  registerFailure,
  replaceRecoveryCodes,
  resetLockout,
  unusedRecoveryCodes,
} from '../store/recovery-codes.ts';
import { endAal1Sessions, raiseSessionToAal2, sessionAal } from '../store/sessions.ts';
import { validateFactors } from './factors.ts';
import { type Authenticated, sessionClientOf } from './guards.ts';

/**
 * MFA recovery codes (GoTrue 2.197's internal/api/recovery_codes.go, under /factors/recovery-codes): one set of
 * single-use codes per user, held by a verified `recovery_code` factor, shown once when made; a code raises the
 * session to aal2 like a second factor, and wrong codes in a row lock verification for a while.
 */

const internal = (message: string) => new ApiError(500, 'unexpected_failure', message);
const notEnrolled = () => notFound('mfa_factor_not_found', 'The user has not enrolled recovery codes');
const enrollDisabled = () =>
  unprocessable('mfa_recovery_codes_enroll_not_enabled', 'MFA enroll is disabled for recovery codes');
const verificationFailed = () => unprocessable('mfa_verification_failed', 'Invalid recovery code entered');
const locked = () =>
  tooManyRequests('mfa_recovery_codes_locked', 'Too many failed verification attempts, try again later');

async function requireAal2(ctx: RequestContext, auth: Authenticated, action: string): Promise<void> {
  const aal = await sessionAal(ctx.app.db.sql, auth.sessionId);
  if (aal === undefined)
    throw internal(`A valid session and a registered user are required to ${action} recovery codes`);
  if (aal !== 'aal2') throw forbidden('insufficient_aal', `AAL2 required to ${action} recovery codes`);
}

/** The configured number of fresh codes (canonical, lowercase) and their hashes. */
async function newCodes(ctx: RequestContext): Promise<{ codes: string[]; hashes: string[] }> {
  const { count, codeLength } = ctx.app.config.mfa.recoveryCodes;
  const codes = Array.from({ length: count }, () => generateRecoveryCode(codeLength));
  return { codes, hashes: await Promise.all(codes.map(hashRecoveryCode)) };
}

/** GET /factors/recovery-codes: how many codes the set has and how many are unused; never the codes. Any aal. */
export async function status(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  const { sql } = ctx.app.db;
  const set = await findRecoveryCodeSet(sql, auth.user.id);
  if (!set) throw notEnrolled();
  const { total, remaining } = await countRecoveryCodes(sql, set.id);
  return ctx.json(200, { id: set.mfa_factor_id, type: 'recovery_code', total, remaining });
}

/** POST /factors/recovery-codes: the user's one set, at aal2 and beside another verified factor. */
export async function generate(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  const { app } = ctx;
  if (!app.config.mfa.recoveryCodes.enrollEnabled) throw enrollDisabled();
  const body = await ctx.body('RecoveryCodesGenerateParams');
  const friendlyName = body.string('friendly_name').trim() || DEFAULT_RECOVERY_FACTOR_NAME;
  await requireAal2(ctx, auth, 'generate');
  if (await findRecoveryCodeSet(app.db.sql, auth.user.id))
    throw unprocessable(
      'mfa_verified_factor_exists',
      'Recovery codes are already enrolled for this user, use regenerate to rotate them',
    );
  await validateFactors(ctx, app.db.sql, auth, friendlyName, 'aal2');
  const factors = await listFactors(app.db.sql, auth.user.id);
  if (!factors.some((f) => f.status === 'verified' && f.factor_type !== 'recovery_code'))
    throw unprocessable(
      'mfa_recovery_codes_sole_factor',
      'At least one other verified factor is required to generate recovery codes',
    );
  const { codes, hashes } = await newCodes(ctx);
  const factor = await app.db.tx(async (sql) => {
    // A concurrent generate loses on the unique user_id of the set (GoTrue: a 500 there too); answered as above.
    if (await findRecoveryCodeSet(sql, auth.user.id))
      throw unprocessable(
        'mfa_verified_factor_exists',
        'Recovery codes are already enrolled for this user, use regenerate to rotate them',
      );
    return createRecoveryCodeFactor(sql, auth.user.id, friendlyName, hashes);
  });
  return ctx.json(200, {
    id: factor.id,
    type: 'recovery_code',
    friendly_name: factor.friendly_name,
    total: codes.length,
    codes,
  });
}

/** POST /factors/recovery-codes/regenerate: a new set in place of the old one (lockout cleared), at aal2. */
export async function regenerate(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  const { app } = ctx;
  if (!app.config.mfa.recoveryCodes.enrollEnabled) throw enrollDisabled();
  await requireAal2(ctx, auth, 'regenerate');
  const set = await findRecoveryCodeSet(app.db.sql, auth.user.id);
  const factor = set && (await findOwnedFactor(app.db.sql, auth.user.id, set.mfa_factor_id));
  if (!set || !factor) throw notEnrolled();
  const { codes, hashes } = await newCodes(ctx);
  await app.db.tx((sql) => replaceRecoveryCodes(sql, set.id, hashes));
  return ctx.json(200, {
    id: factor.id,
    type: 'recovery_code',
    friendly_name: factor.friendly_name || undefined,
    total: codes.length,
    codes,
  });
}

/**
 * POST /factors/recovery-codes/verify: an unused code raises this session to aal2 (amr `mfa/recovery_code`) and
 * ends the user's aal1 sessions. A wrong or used code counts a failure; at the limit verification locks (429).
 */
export async function verify(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  const { app } = ctx;
  const settings = app.config.mfa.recoveryCodes;
  if (!settings.verifyEnabled)
    throw unprocessable(
      'mfa_recovery_codes_verify_not_enabled',
      'MFA verification is disabled for recovery codes',
    );
  const body = await ctx.body('RecoveryCodesVerifyParams');
  const code = normalizeRecoveryCode(body.string('code'));
  if (code === '') throw badRequest('validation_failed', 'Code needs to be non-empty');
  const sessionId = auth.sessionId;
  if (!sessionId)
    throw internal('A valid session and a registered user are required to verify recovery codes');

  const set = await findRecoveryCodeSet(app.db.sql, auth.user.id);
  if (!set) throw verificationFailed();
  if (isLocked(set)) throw locked();
  // Every unused code is compared (no early exit), as GoTrue does.
  const entries = await unusedRecoveryCodes(app.db.sql, set.id);
  const matches = await Promise.all(entries.map((entry) => recoveryCodeMatches(entry.code_hash, code)));
  const matched = entries[matches.indexOf(true)];

  const outcome = await app.db.tx(async (sql) => {
    const current = await lockRecoveryCodeSet(sql, auth.user.id);
    if (!current) return 'failed' as const;
    if (isLocked(current)) return 'locked' as const;
    // A lock that has run out starts the count again.
    if (current.verification_locked_until !== null) {
      await resetLockout(sql, current.id);
      current.failed_verification_count = 0;
    }
    if (!matched || !(await consumeRecoveryCode(sql, matched.id))) {
      // A code a concurrent request used counts as wrong; the count is kept although the request fails.
      await registerFailure(sql, current, settings.maxVerifyAttempts, settings.lockoutMs);
      return 'failed' as const;
    }
    await resetLockout(sql, current.id);
    const refreshToken = await raiseSessionToAal2(
      sql,
      sessionId,
      current.mfa_factor_id,
      AMR_METHOD.recovery_code,
    );
    await endAal1Sessions(sql, auth.user.id);
    return tokenResponse(app, sql, auth.user.id, sessionId, refreshToken, {
      method: AMR_METHOD.recovery_code,
      ip: sessionClientOf(ctx).ip,
    });
  });
  if (outcome === 'locked') throw locked();
  if (outcome === 'failed') throw verificationFailed();
  return ctx.json(200, outcome);
}

/** DELETE /factors/recovery-codes: the factor and its codes go; sessions raised with a code drop to aal1. At aal2. */
export async function remove(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  const { app } = ctx;
  await requireAal2(ctx, auth, 'delete');
  const set = await findRecoveryCodeSet(app.db.sql, auth.user.id);
  const factor = set && (await findOwnedFactor(app.db.sql, auth.user.id, set.mfa_factor_id));
  if (!factor) throw notEnrolled();
  await app.db.tx((sql) => deleteFactor(sql, factor));
  return ctx.json(200, { id: factor.id });
}
