import { confirmUser, createEmailUser } from '../rules/accounts.ts';
import { isUuid, validateEmail } from '../rules/validation.ts';
import { parseGoDuration } from '../../config/config.ts';
import { checkPasswordStrength, hashPassword } from '../../crypto/passwords.ts';
import type { Params } from '../../http/body.ts';
import type { RequestContext } from '../../http/context.ts';
import { ApiError, badRequest, unprocessable } from '../../errors.ts';
import {
  createIdentity,
  deleteIdentities,
  emailIdentityData,
  findEmailIdentity,
  listIdentities,
  syncProviders,
  updateIdentityData,
} from '../store/identities.ts';
import { deleteUserPasskeys } from '../store/passkeys.ts';
import { deleteUserFactors } from '../store/factors.ts';
import { endSessions } from '../store/sessions.ts';
import { loadedUser } from './guards.ts';
import {
  deleteUser,
  findUserByEmail,
  findUserById,
  listUsers,
  loadUserJson,
  mergeMetadata,
  type UserPatch,
  type UserRow,
  updateUser,
} from '../store/users.ts';

/** /admin/users and /admin/users/{user_id} (admin.go); the route table admits admin keys only and loads the user. */

export const emailExists = () =>
  unprocessable('email_exists', 'A user with this email address has already been registered');

/** GET /admin/users?page=&per_page=&filter=, with GoTrue's X-Total-Count and Link paging headers. */
export async function list(ctx: RequestContext): Promise<Response> {
  const parse = (name: string, fallback: number) => {
    const raw = ctx.query.get(name) ?? '';
    if (raw === '') return fallback;
    if (!/^\d+$/.test(raw))
      throw badRequest(
        'validation_failed',
        `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`,
      );
    return Number(raw);
  };
  const page = Math.max(parse('page', 1), 1);
  const perPage = Math.max(parse('per_page', 50), 1);
  const sql = ctx.app.db.sql;
  const { total, rows } = await listUsers(sql, ctx.query.get('filter') ?? '', perPage, (page - 1) * perPage);
  const users = await Promise.all(rows.map((u) => loadUserJson(sql, u)));
  const totalPages = Math.ceil(total / perPage);
  const link = (p: number) => {
    const q = Object.fromEntries(ctx.query);
    q.page = String(p);
    const sorted = Object.keys(q)
      .sort()
      .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(q[k]!)}`)
      .join('&');
    return `<${ctx.url.pathname}?${sorted}>`;
  };
  const links = [];
  if (totalPages > page) links.push(`${link(page + 1)}; rel="next"`);
  links.push(`${link(totalPages)}; rel="last"`);
  return ctx.json(
    200,
    { users, aud: 'authenticated' },
    { 'X-Total-Count': String(total), Link: links.join(', ') },
  );
}

/** POST /admin/users: an email user, optionally confirmed, with metadata, role and ban. */
export async function create(ctx: RequestContext): Promise<Response> {
  const { app } = ctx;
  const body = await ctx.body('AdminUserParams');
  const rawEmail = body.string('email');
  if (rawEmail === '' && body.string('phone') === '')
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  if (body.string('phone') !== '')
    throw badRequest('validation_failed', 'Phone users are not supported by the local auth server');
  const email = validateEmail(rawEmail);
  if (body.has('password') && body.has('password_hash'))
    throw badRequest('validation_failed', 'Only a password or a password hash should be provided');
  const password = body.string('password');
  if (password !== '') checkPasswordStrength(app.config, password);
  const passwordHash = password !== '' ? await hashPassword(password) : null;
  const id = body.string('id');
  if (id !== '' && !isUuid(id))
    throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
  const user = await app.db.tx(async (sql) => {
    if (await findUserByEmail(sql, email)) throw emailExists();
    let created = await createEmailUser(sql, {
      id: id || undefined,
      email,
      passwordHash,
      data: body.object('user_metadata') ?? {},
      metadataFromIdentity: false,
      appMetadata: body.object('app_metadata'),
    });
    created = await updateUser(sql, created.id, adminPatch(created, body));
    if (body.boolean('email_confirm')) {
      created = await confirmUser(sql, created);
      for (const i of await listIdentities(sql, created.id))
        await updateIdentityData(sql, i.id, { email_verified: true });
    }
    return created;
  });
  return ctx.json(200, await loadUserJson(app.db.sql, user));
}

export async function get(ctx: RequestContext): Promise<Response> {
  return ctx.json(200, await loadUserJson(ctx.app.db.sql, loadedUser(ctx)));
}

/** PUT /admin/users/{user_id}: email, password (ends the sessions), metadata, role, ban, confirmation. */
export async function update(ctx: RequestContext): Promise<Response> {
  const { app } = ctx;
  const target = loadedUser(ctx);
  const body = await ctx.body('AdminUserParams');
  const email = body.string('email') !== '' ? validateEmail(body.string('email')) : undefined;
  const password = body.string('password');
  if (password !== '') checkPasswordStrength(app.config, password);
  const passwordHash = password !== '' ? await hashPassword(password) : undefined;
  const user = await app.db.tx(async (sql) => {
    let user = (await findUserById(sql, target.id))!;
    if (email && email !== user.email) {
      if (await findUserByEmail(sql, email)) throw emailExists();
      user = await updateUser(sql, user.id, { email });
      const identity = await findEmailIdentity(sql, user.id);
      const confirm = body.boolean('email_confirm') ?? false;
      if (identity) await updateIdentityData(sql, identity.id, { email });
      else
        await createIdentity(sql, user.id, 'email', user.id, {
          ...emailIdentityData(user),
          email_verified: confirm,
        });
      // An anonymous user given a confirmed email becomes permanent (adminUserUpdate).
      if (user.is_anonymous && confirm) user = await updateUser(sql, user.id, { is_anonymous: false });
      await syncProviders(sql, user.id);
    }
    if (passwordHash) {
      user = await updateUser(sql, user.id, { encrypted_password: passwordHash });
      await endSessions(sql, user.id, 'global', undefined);
    }
    user = await updateUser(sql, user.id, adminPatch(user, body));
    if (user.banned_until) await endSessions(sql, user.id, 'global', undefined);
    if (body.boolean('email_confirm') && !user.email_confirmed_at) user = await confirmUser(sql, user);
    return user;
  });
  return ctx.json(200, await loadUserJson(app.db.sql, user));
}

/** DELETE /admin/users/{user_id}; `should_soft_delete` keeps the row, marked deleted, unable to sign in, its address freed. */
export async function remove(ctx: RequestContext): Promise<Response> {
  const target = loadedUser(ctx);
  const soft = (await ctx.body('adminUserDeleteParams')).boolean('should_soft_delete') ?? false;
  await ctx.app.db.tx(async (sql) => {
    if (!soft) {
      // What the database refuses (a trigger on a table that references auth.users, such as the teams rule for a
      // sole owner) GoTrue answers as its tx.Destroy failure: 500 "Database error deleting user".
      return deleteUser(sql, target.id).catch(() => {
        throw new ApiError(500, 'unexpected_failure', 'Database error deleting user');
      });
    }
    await deleteIdentities(sql, target.id);
    await deleteUserPasskeys(sql, target.id);
    await deleteUserFactors(sql, target.id);
    await endSessions(sql, target.id, 'global', undefined);
    await updateUser(sql, target.id, {
      deleted_at: new Date(),
      email: null,
      encrypted_password: null,
      raw_app_meta_data: {},
      raw_user_meta_data: {},
    });
  });
  return ctx.json(200, {});
}

/** Fields the admin API can set directly: metadata (merged), role, ban_duration. */
function adminPatch(user: UserRow, body: Params): UserPatch {
  const patch: UserPatch = {};
  const userMeta = body.object('user_metadata');
  const appMeta = body.object('app_metadata');
  if (userMeta) patch.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, userMeta);
  if (appMeta) patch.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, appMeta);
  if (body.string('role') !== '') patch.role = body.string('role');
  const ban = body.string('ban_duration');
  if (ban === 'none') patch.banned_until = null;
  else if (ban !== '') {
    const parsed = parseGoDuration(ban);
    if ('error' in parsed)
      throw badRequest('validation_failed', `invalid format for ban duration: ${parsed.error}`);
    // A zero duration unbans; a negative one is accepted and leaves banned_until in the past, as in GoTrue.
    patch.banned_until = parsed.ns === 0n ? null : new Date(Date.now() + Number(parsed.ns / 1_000_000n));
  }
  return patch;
}
