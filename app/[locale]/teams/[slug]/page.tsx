import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { AccountSection } from '@/components/account/account-section';
import { Link } from '@/components/navigation/link';
import { TeamActionForm } from '@/components/teams/team-action-form';
import { DeleteTeamForm, InviteForm, RenameTeamForm, RoleSelect } from '@/components/teams/team-forms';
import { TeamsAlert } from '@/components/teams/teams-alert';
import { TeamsMessages, TeamsPage } from '@/components/teams/teams-messages';
import { noScriptAnswer } from '@/lib/forms/no-script-state';
import { privatePage } from '@/lib/guard/page';
import { firstParam, ownEntry } from '@/lib/http/search-param';
import { isolatedText } from '@/i18n/isolate';
import { pageMetadata } from '@/lib/seo/page-metadata';
import {
  changeMemberRole,
  removeTeamMember,
  resendInvitation,
  revokeInvitation,
  transferOwnership,
} from '@/lib/teams/team-actions';
import { myRole, readTeam } from '@/lib/teams/team-queries';

// The team's own name stays out of the document title, as a note's does: tabs and history show only "Team".
export async function generateMetadata({ params }: PageProps<'/[locale]/teams/[slug]'>): Promise<Metadata> {
  const t = await getTranslations('Teams');
  return pageMetadata(`/teams/${(await params).slug}`, { title: t('teamTitle') });
}

const doneMessages = {
  created: 'created',
  renamed: 'renamed',
  invited: 'invited',
  resent: 'resent',
  revoked: 'revoked',
  roleChanged: 'roleChanged',
  removed: 'removed',
  transferred: 'transferred',
  joined: 'joined',
  mailNotSent: 'mailNotSent',
} as const;

export default async function TeamPage({ params, searchParams }: PageProps<'/[locale]/teams/[slug]'>) {
  const { slug } = await params;
  const { session } = await privatePage(`/teams/${slug}`);
  const path = `/teams/${slug}`;
  const [t, format] = await Promise.all([getTranslations('Teams'), getFormatter()]);
  const me = session.identity.id;
  // The middleware has checked the team (the route table's `row`): missing here only if deleted or left since.
  const role = await myRole(path, slug, me);
  if (role.status === 'unavailable') return <TeamsAlert text={t('errors.unavailable')} failed />;
  if (!role.value) notFound();
  const manager = role.value !== 'member';
  const owner = role.value === 'owner';
  const read = await readTeam(path, slug, manager);
  if (read.status === 'missing') notFound();
  if (read.status === 'unavailable') return <TeamsAlert text={t('errors.unavailable')} failed />;
  const { team, members, invitations } = read;
  const done = ownEntry(doneMessages, firstParam((await searchParams).done));
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: 'medium' });
  const answer = noScriptAnswer;
  const common = { teamId: team.id, slug: team.slug };

  return (
    <TeamsPage>
      <Link href="/teams" className="text-sm underline-offset-4 hover:underline">
        {t('allTeams')}
      </Link>
      <div className="grid gap-2">
        <h1 dir="auto" className="text-2xl font-semibold tracking-tight break-words" data-testid="team-name">
          {team.name}
        </h1>
        <p className="text-muted-foreground" data-testid="team-summary">
          {t('yourRole', { role: t(`roles.${role.value}`) })} · {t('memberCount', { count: members.length })}
        </p>
        {/* example:notes start */}
        <Link
          href={`/teams/${team.slug}/notes`}
          className="justify-self-start text-sm font-medium underline underline-offset-4"
        >
          {t('teamNotes')}
        </Link>
        {/* example:notes end */}
      </div>
      <TeamsMessages>
        {done ? <TeamsAlert text={t(`done.${done}`)} failed={done === 'mailNotSent'} /> : null}

        <AccountSection id="members" title={t('membersTitle')}>
          <ul className="grid divide-y rounded-lg border" data-testid="team-members">
            {await Promise.all(
              members.map(async (member) => {
                const self = member.userId === me;
                const fields = { ...common, userId: member.userId };
                // Controls only where the rules may allow them; the database decides either way.
                const manageable = !self && manager && (owner || member.role !== 'owner');
                return (
                  <li key={member.userId} className="grid gap-3 p-4" data-testid="team-member">
                    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                      <span className="min-w-0 font-medium [overflow-wrap:anywhere]">
                        {member.displayName ? (
                          <>
                            <bdi dir="auto">{member.displayName}</bdi>{' '}
                            <span className="font-normal text-muted-foreground">
                              <bdi>{member.email}</bdi>
                            </span>
                          </>
                        ) : (
                          <bdi>{member.email}</bdi>
                        )}
                        {self ? <span className="text-muted-foreground"> ({t('you')})</span> : null}
                      </span>
                      <span className="text-sm text-muted-foreground" data-testid="member-role">
                        {t(`roles.${member.role}`)}
                      </span>
                    </div>
                    <p className="text-sm text-muted-foreground">
                      {t('joined', { date: date(member.joinedAt) })}
                    </p>
                    {manageable ? (
                      <div className="flex flex-wrap items-end gap-4">
                        {member.role !== 'owner' ? (
                          <TeamActionForm
                            action={changeMemberRole}
                            answer={await answer(`member-role:${member.userId}`)}
                            fields={fields}
                            submit={t('changeRole')}
                            testId="member-role-form"
                          >
                            <RoleSelect
                              id={`role-${member.userId}`}
                              label={t.markup('roleFor', { email: member.email, ...isolatedText })}
                              labelHidden
                              defaultValue={member.role}
                            />
                          </TeamActionForm>
                        ) : null}
                        <TeamActionForm
                          action={removeTeamMember}
                          answer={await answer(`member-remove:${member.userId}`)}
                          fields={fields}
                          submit={t('remove')}
                          variant="destructive"
                          testId="member-remove-form"
                        />
                        {owner && member.role !== 'owner' ? (
                          <TeamActionForm
                            action={transferOwnership}
                            answer={await answer(`member-transfer:${member.userId}`)}
                            fields={fields}
                            submit={t('transfer')}
                            testId="member-transfer-form"
                          />
                        ) : null}
                      </div>
                    ) : null}
                  </li>
                );
              }),
            )}
          </ul>
        </AccountSection>

        {invitations ? (
          <AccountSection
            id="invitations"
            title={t('invitationsTitle')}
            description={t('invitationCount', { count: invitations.length })}
          >
            <InviteForm teamId={team.id} slug={team.slug} answer={await answer('team-invite')} />
            {invitations.length > 0 ? (
              <ul className="grid divide-y rounded-lg border" data-testid="team-invitations">
                {await Promise.all(
                  invitations.map(async (invitation) => {
                    const expired = new Date(invitation.expiresAt) <= new Date();
                    const fields = { slug: team.slug, invitationId: invitation.id };
                    return (
                      <li key={invitation.id} className="grid gap-3 p-4" data-testid="team-invitation">
                        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                          <bdi className="min-w-0 font-medium [overflow-wrap:anywhere]">
                            {invitation.email}
                          </bdi>
                          <span className="text-sm text-muted-foreground">
                            {t(`roles.${invitation.role}`)}
                          </span>
                        </div>
                        <p className="text-sm text-muted-foreground">
                          {expired
                            ? t('expired', { date: date(invitation.expiresAt) })
                            : t('expires', { date: date(invitation.expiresAt) })}
                        </p>
                        <div className="flex flex-wrap items-end gap-4">
                          <TeamActionForm
                            action={resendInvitation}
                            answer={await answer(`invitation-resend:${invitation.id}`)}
                            fields={fields}
                            submit={t('resend')}
                          />
                          <TeamActionForm
                            action={revokeInvitation}
                            answer={await answer(`invitation-revoke:${invitation.id}`)}
                            fields={fields}
                            submit={t('revoke')}
                            variant="destructive"
                          />
                        </div>
                      </li>
                    );
                  }),
                )}
              </ul>
            ) : null}
          </AccountSection>
        ) : null}

        {manager ? (
          <AccountSection id="settings" title={t('settingsTitle')}>
            <RenameTeamForm
              teamId={team.id}
              slug={team.slug}
              name={team.name}
              answer={await answer('team-rename')}
            />
          </AccountSection>
        ) : null}

        <AccountSection id="leave" title={t('leaveTitle')} description={t('leaveDescription')}>
          <TeamActionForm
            action={removeTeamMember}
            answer={await answer(`member-remove:${me}`)}
            fields={{ ...common, userId: me }}
            submit={t('leave')}
            testId="team-leave-form"
          />
        </AccountSection>

        {owner ? (
          <AccountSection id="delete" title={t('deleteTitle')} description={t('deleteDescription')}>
            <DeleteTeamForm teamId={team.id} slug={team.slug} answer={await answer('team-delete')} />
          </AccountSection>
        ) : null}
      </TeamsMessages>
    </TeamsPage>
  );
}
