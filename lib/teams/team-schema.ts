import { z } from 'zod/mini';

export { suggestSlug } from './suggest-slug';

// One schema for the team forms in the browser (before submit) and in the server actions (always). The limits are
// the check constraints of supabase/migrations/*_teams.sql: the database refuses what the forms refuse.

export const teamLimits = { nameMax: 80, slugMin: 3, slugMax: 48 } as const;

/** Lower-case letters, digits and inner hyphens: the database's rule for `teams.slug`. */
export const slugPattern = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export const teamRoles = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof teamRoles)[number];

/** Roles an invitation can carry: ownership only ever moves by a transfer. */
export const invitationRoles = ['member', 'admin'] as const;

const typeError = {
  error: (issue: { code?: string; input?: unknown }) =>
    issue.code === 'invalid_type' ? (issue.input == null ? 'required' : 'wrongType') : undefined,
};

const teamName = z.string(typeError).check(
  z.minLength(1, { error: 'required', abort: true }),
  z.refine((value) => value.trim().length > 0, { error: 'whitespace', abort: true }),
  z.trim(),
  z.maxLength(teamLimits.nameMax),
);

const teamSlug = z
  .string(typeError)
  .check(
    z.trim(),
    z.minLength(1, { error: 'required', abort: true }),
    z.toLowerCase(),
    z.minLength(teamLimits.slugMin, { abort: true }),
    z.maxLength(teamLimits.slugMax, { abort: true }),
    z.regex(slugPattern, { error: 'slugPattern' }),
  );

export const createTeamSchema = z.object({ name: teamName, slug: teamSlug });
export const renameTeamSchema = z.object({ name: teamName });

export const inviteSchema = z.object({
  email: z
    .string(typeError)
    .check(
      z.trim(),
      z.minLength(1, { error: 'required', abort: true }),
      z.email({ error: 'email' }),
      z.maxLength(254),
    ),
  role: z.enum(invitationRoles, { error: 'required' }),
});

/** The typed confirmation before a team is deleted: its address, exactly. */
export const deleteTeamSchema = (slug: string) =>
  z.object({
    confirmation: z.string(typeError).check(
      z.minLength(1, { error: 'required', abort: true }),
      z.refine((value) => value.trim() === slug, { error: 'confirmationMismatch' }),
    ),
  });

/** Whether a value from a URL or a form can name a team at all: anything else is a team nobody can see. */
export function isTeamSlug(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length >= teamLimits.slugMin &&
    value.length <= teamLimits.slugMax &&
    slugPattern.test(value)
  );
}

export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === 'string' && (teamRoles as readonly string[]).includes(value);
}

const uuid = z.uuid();
export function isUuid(value: unknown): value is string {
  return uuid.safeParse(value).success;
}

/** An invitation token as the database hands it out: 32 random bytes in base64url, 43 characters. */
export function isInvitationToken(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}
