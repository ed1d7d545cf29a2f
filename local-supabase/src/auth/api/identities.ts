import { unlinkIdentity } from '../rules/accounts.ts';
import { sendNotification } from '../rules/emails.ts';
import { isUuid } from '../rules/validation.ts';
import type { RequestContext } from '../../http/context.ts';
import { notFound } from '../../errors.ts';
import type { Authenticated } from './guards.ts';
import { startFlow } from './oauth.ts';

/** Manual identity linking and unlinking (identity.go), behind `[auth] enable_manual_linking`. */

/** GET /user/identities/authorize: an OAuth flow whose identity is linked to the signed-in user on /callback. */
export async function linkIdentity(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  return startFlow(ctx, auth.user.id);
}

/** DELETE /user/identities/{identity_id}. */
export async function deleteIdentity(ctx: RequestContext, auth: Authenticated): Promise<Response> {
  const identityId = ctx.params.identity_id ?? '';
  if (!isUuid(identityId)) throw notFound('validation_failed', 'identity_id must be an UUID');
  await ctx.app.db.tx(async (sql) => {
    const provider = await unlinkIdentity(sql, auth.user, identityId);
    // auth.user is the row from before: GoTrue mails the address the user had, which unlinking may have replaced.
    await sendNotification(ctx.app, sql, auth.user, 'identity_unlinked', { Provider: provider });
  });
  return ctx.json(200, {});
}
