'use server';

import type { Locale } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { redirect } from '@/i18n/navigation';
import { formAction } from '@/lib/forms/form-action';
import { echoedValues, type FormState } from '@/lib/forms/form-state';
import { answerForm } from '@/lib/forms/no-script-state';
import { parseForm } from '@/lib/forms/parse-form';
import { privateAction } from '@/lib/guard/action';
import { actionPath } from '@/lib/log/action-path';
import { logServerError } from '@/lib/log/server-log';
import { sendTeamInvitation } from '@/lib/mail/team-invitation';
import { removeTeamNoteFiles } from '@/lib/notes/note-files-going'; // example:notes
import { isLocale } from '@/i18n/locales';
import { teamErrorKey } from './team-errors';
import {
  createTeamSchema,
  deleteTeamSchema,
  invitationRoles,
  inviteSchema,
  isInvitationToken,
  isTeamSlug,
  isUuid,
  renameTeamSchema,
} from './team-schema';

// Every write goes through the visitor's session: the database's policies and functions decide whether it happens
// (supabase/migrations/*_teams.sql). A forged post (a member's "remove", another team's id) changes nothing and is
// answered with the database's refusal in words, or "not allowed" where row-level security simply matched no row.

/** The team's page, to come back to after signing in again; the list for a slug that names no team. */
const teamPath = (slug: unknown) => (isTeamSlug(slug) ? `/teams/${slug}` : '/teams');

const text = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === 'string' ? value : '';
};

/** The form's answer with a message of `Teams.errors`. */
async function refused(locale: Locale, key: string, values: Record<string, string> = {}): Promise<FormState> {
  const t = await getTranslations({ locale, namespace: 'Teams.errors' });
  return { status: 'error', message: t(key as 'notAllowed'), values };
}

/** A failed call: the database's refusal in words, or (anything else) logged and said to be unavailable. */
async function failure(
  locale: Locale,
  error: { code?: string; message?: string },
  values: Record<string, string> = {},
): Promise<FormState> {
  const key = teamErrorKey(error);
  if (key) return refused(locale, key, values);
  logServerError({ path: await actionPath(), code: error.code || 'data_unreachable', error });
  return refused(locale, 'unavailable', values);
}

type Done =
  | 'created'
  | 'renamed'
  | 'invited'
  | 'resent'
  | 'revoked'
  | 'roleChanged'
  | 'removed'
  | 'transferred'
  | 'joined'
  | 'mailNotSent';

/** After a change: the team's page saying what happened (303 with or without JavaScript). */
function toTeam(locale: Locale, slug: string, done: Done): never {
  return redirect({ href: { pathname: `/teams/${slug}`, query: { done } }, locale });
}

function toTeams(locale: Locale, done: 'left' | 'deleted' | 'declined'): never {
  return redirect({ href: { pathname: '/teams', query: { done } }, locale });
}

async function create(formData: FormData): Promise<FormState> {
  const echoed = ['name', 'slug'] as const;
  const values = echoedValues(formData, echoed);
  const caller = await privateAction(formData, '/teams', { values });
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  const parsed = await parseForm(createTeamSchema, formData, locale, echoed);
  if (!parsed.ok) return parsed.state;
  const { data, error } = await supabase.rpc('create_team', {
    p_slug: parsed.data.slug,
    p_name: parsed.data.name,
  });
  if (error) {
    if (teamErrorKey(error) === 'team_slug_taken') {
      const t = await getTranslations({ locale, namespace: 'Teams.errors' });
      return { status: 'error', fieldErrors: { slug: t('team_slug_taken') }, values };
    }
    return failure(locale, error, values);
  }
  return toTeam(locale, data.slug, 'created');
}

async function rename(formData: FormData): Promise<FormState> {
  const slug = formData.get('slug');
  const values = echoedValues(formData, ['name']);
  const caller = await privateAction(formData, teamPath(slug), { values });
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  const teamId = formData.get('teamId');
  if (!isTeamSlug(slug) || !isUuid(teamId)) return refused(locale, 'notAllowed', values);
  const parsed = await parseForm(renameTeamSchema, formData, locale, ['name']);
  if (!parsed.ok) return parsed.state;
  const { data, error } = await supabase
    .from('teams')
    .update({ name: parsed.data.name })
    .eq('id', teamId)
    .select('slug');
  if (error) return failure(locale, error, values);
  if (data.length === 0) return refused(locale, 'notAllowed', values);
  return toTeam(locale, data[0]!.slug, 'renamed');
}

async function remove(formData: FormData): Promise<FormState> {
  const slug = formData.get('slug');
  const values = echoedValues(formData, ['confirmation']);
  const caller = await privateAction(formData, teamPath(slug), { values });
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  const teamId = formData.get('teamId');
  if (!isTeamSlug(slug) || !isUuid(teamId)) return refused(locale, 'notAllowed', values);
  const parsed = await parseForm(deleteTeamSchema(slug), formData, locale, ['confirmation']);
  if (!parsed.ok) return parsed.state;
  // example:notes start
  // Its notes' files first, then the team (the notes cascade): a failure in between leaves the team as it was, at
  // most with fewer files, never gone with files nobody can reach any more. Only an owner is given names to remove.
  const filesError = await removeTeamNoteFiles(supabase, { id: teamId, slug });
  if (filesError) return failure(locale, filesError, values);
  // example:notes end
  const { data, error } = await supabase
    .from('teams')
    .delete()
    .eq('id', teamId)
    .eq('slug', slug)
    .select('id');
  if (error) return failure(locale, error, values);
  if (data.length === 0) return refused(locale, 'notAllowed', values);
  return toTeams(locale, 'deleted');
}

/**
 * The invitation mail for a token the database just issued, in the language it answered with (the invitee's stored
 * one, else the inviter's) when that is one of ours; true when the mail went out.
 */
function mailInvitation(
  mail: { to: string; teamName: string; role: 'admin' | 'member' },
  issued: { token: string; locale: string },
  inviter: { email?: string },
  locale: Locale,
): Promise<boolean> {
  return sendTeamInvitation(
    { ...mail, token: issued.token, invitedBy: inviter.email ?? '' },
    isLocale(issued.locale) ? issued.locale : locale,
  );
}

async function invite(formData: FormData): Promise<FormState> {
  const slug = formData.get('slug');
  const echoed = ['email', 'role'] as const;
  const values = echoedValues(formData, echoed);
  const caller = await privateAction(formData, teamPath(slug), { values });
  if (caller.refused) return caller.refused;
  const { locale, supabase, user } = caller;
  const teamId = formData.get('teamId');
  if (!isTeamSlug(slug) || !isUuid(teamId)) return refused(locale, 'notAllowed', values);
  const parsed = await parseForm(inviteSchema, formData, locale, echoed);
  if (!parsed.ok) return parsed.state;
  const team = await supabase.from('teams').select('name').eq('id', teamId).maybeSingle();
  if (team.error) return failure(locale, team.error, values);
  if (!team.data) return refused(locale, 'notAllowed', values);
  const { data, error } = await supabase
    .rpc('invite_to_team', {
      p_team_id: teamId,
      p_email: parsed.data.email.toLowerCase(),
      p_role: parsed.data.role,
      p_locale: locale,
    })
    .single();
  if (error) return failure(locale, error, values);
  // The same answer whether or not the address has an account: only the mail's language differs.
  const mail = { to: parsed.data.email, teamName: team.data.name, role: parsed.data.role };
  return toTeam(locale, slug, (await mailInvitation(mail, data, user, locale)) ? 'invited' : 'mailNotSent');
}

async function resend(formData: FormData): Promise<FormState> {
  const slug = formData.get('slug');
  const caller = await privateAction(formData, teamPath(slug));
  if (caller.refused) return caller.refused;
  const { locale, supabase, user } = caller;
  const id = formData.get('invitationId');
  if (!isTeamSlug(slug) || !isUuid(id)) return refused(locale, 'notAllowed');
  const invitation = await supabase
    .from('team_invitations')
    .select('email, role, teams!inner(name)')
    .eq('id', id)
    .maybeSingle();
  if (invitation.error) return failure(locale, invitation.error);
  if (!invitation.data) return refused(locale, 'notAllowed');
  const { data, error } = await supabase
    .rpc('resend_team_invitation', { p_invitation_id: id, p_locale: locale })
    .single();
  if (error) return failure(locale, error);
  const role = (invitationRoles as readonly string[]).includes(invitation.data.role)
    ? (invitation.data.role as 'admin' | 'member')
    : 'member';
  const mail = { to: invitation.data.email, teamName: invitation.data.teams.name, role };
  return toTeam(locale, slug, (await mailInvitation(mail, data, user, locale)) ? 'resent' : 'mailNotSent');
}

async function revoke(formData: FormData): Promise<FormState> {
  const slug = formData.get('slug');
  const caller = await privateAction(formData, teamPath(slug));
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  const id = formData.get('invitationId');
  if (!isTeamSlug(slug) || !isUuid(id)) return refused(locale, 'notAllowed');
  const { error } = await supabase.rpc('revoke_team_invitation', { p_invitation_id: id });
  if (error) return failure(locale, error);
  return toTeam(locale, slug, 'revoked');
}

async function changeRole(formData: FormData): Promise<FormState> {
  const slug = formData.get('slug');
  const caller = await privateAction(formData, teamPath(slug));
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  const teamId = formData.get('teamId');
  const userId = formData.get('userId');
  const role = formData.get('role');
  if (!isTeamSlug(slug) || !isUuid(teamId) || !isUuid(userId)) return refused(locale, 'notAllowed');
  if (role !== 'admin' && role !== 'member') return refused(locale, 'notAllowed');
  const { data, error } = await supabase
    .from('team_members')
    .update({ role })
    .eq('team_id', teamId)
    .eq('user_id', userId)
    .select('role');
  if (error) return failure(locale, error);
  if (data.length === 0) return refused(locale, 'notAllowed');
  return toTeam(locale, slug, 'roleChanged');
}

async function removeMember(formData: FormData): Promise<FormState> {
  const slug = formData.get('slug');
  const caller = await privateAction(formData, teamPath(slug));
  if (caller.refused) return caller.refused;
  const { locale, supabase, user } = caller;
  const teamId = formData.get('teamId');
  const userId = formData.get('userId');
  if (!isTeamSlug(slug) || !isUuid(teamId) || !isUuid(userId)) return refused(locale, 'notAllowed');
  const { data, error } = await supabase
    .from('team_members')
    .delete()
    .eq('team_id', teamId)
    .eq('user_id', userId)
    .select('user_id');
  if (error) return failure(locale, error);
  if (data.length === 0) return refused(locale, 'notAllowed');
  if (userId === user.id) return toTeams(locale, 'left');
  return toTeam(locale, slug, 'removed');
}

async function transfer(formData: FormData): Promise<FormState> {
  const slug = formData.get('slug');
  const caller = await privateAction(formData, teamPath(slug));
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  const teamId = formData.get('teamId');
  const userId = formData.get('userId');
  if (!isTeamSlug(slug) || !isUuid(teamId) || !isUuid(userId)) return refused(locale, 'notAllowed');
  const { error } = await supabase.rpc('transfer_team_ownership', { p_team_id: teamId, p_user_id: userId });
  if (error) return failure(locale, error);
  return toTeam(locale, slug, 'transferred');
}

/**
 * Accepts by the emailed link's token, or from the list of invitations waiting for the visitor by the invitation's
 * id: one database function either way, which finds an id only for the caller's confirmed address.
 */
async function accept(formData: FormData): Promise<FormState> {
  const token = formData.get('token');
  const id = formData.get('invitationId');
  const caller = await privateAction(formData, isInvitationToken(token) ? `/invitations/${token}` : '/teams');
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  const invitation = isInvitationToken(token)
    ? { p_token: token }
    : isUuid(id)
      ? { p_invitation_id: id }
      : null;
  if (!invitation) return refused(locale, 'invitation_not_found');
  const { data, error } = await supabase.rpc('accept_team_invitation', invitation);
  if (error) return failure(locale, error);
  return toTeam(locale, data, 'joined');
}

async function decline(formData: FormData): Promise<FormState> {
  const caller = await privateAction(formData, '/teams');
  if (caller.refused) return caller.refused;
  const { locale, supabase } = caller;
  const id = formData.get('invitationId');
  if (!isUuid(id)) return refused(locale, 'invitation_not_found');
  const { error } = await supabase.rpc('decline_team_invitation', { p_invitation_id: id });
  if (error) return failure(locale, error);
  return toTeams(locale, 'declined');
}

/** The key a post without JavaScript leaves its answer under: the form, and the row it acted on. */
const formKey = (name: string, formData: FormData, field?: string) =>
  field ? `${name}:${text(formData, field)}` : name;

export const createTeam = formAction(async (_previous, formData) =>
  answerForm('team-create', await create(formData)),
);
export const renameTeam = formAction(async (_previous, formData) =>
  answerForm('team-rename', await rename(formData)),
);
export const deleteTeam = formAction(async (_previous, formData) =>
  answerForm('team-delete', await remove(formData)),
);
export const inviteToTeam = formAction(async (_previous, formData) =>
  answerForm('team-invite', await invite(formData)),
);
export const resendInvitation = formAction(async (_previous, formData) =>
  answerForm(formKey('invitation-resend', formData, 'invitationId'), await resend(formData)),
);
export const revokeInvitation = formAction(async (_previous, formData) =>
  answerForm(formKey('invitation-revoke', formData, 'invitationId'), await revoke(formData)),
);
export const changeMemberRole = formAction(async (_previous, formData) =>
  answerForm(formKey('member-role', formData, 'userId'), await changeRole(formData)),
);
export const removeTeamMember = formAction(async (_previous, formData) =>
  answerForm(formKey('member-remove', formData, 'userId'), await removeMember(formData)),
);
export const transferOwnership = formAction(async (_previous, formData) =>
  answerForm(formKey('member-transfer', formData, 'userId'), await transfer(formData)),
);
export const acceptInvitation = formAction(async (_previous, formData) =>
  answerForm(
    // From the list, one answer per row; the link's page has one invitation.
    text(formData, 'invitationId')
      ? formKey('invitation-accept', formData, 'invitationId')
      : 'invitation-accept',
    await accept(formData),
  ),
);
export const declineInvitation = formAction(async (_previous, formData) =>
  answerForm(formKey('invitation-decline', formData, 'invitationId'), await decline(formData)),
);
