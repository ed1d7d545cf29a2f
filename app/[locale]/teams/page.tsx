import type { Metadata } from 'next';
import { getFormatter, getTranslations } from 'next-intl/server';
import { Link } from '@/components/navigation/link';
import { AccountSection } from '@/components/account/account-section';
import { TeamActionForm } from '@/components/teams/team-action-form';
import { CreateTeamForm } from '@/components/teams/team-forms';
import { TeamsAlert } from '@/components/teams/teams-alert';
import { TeamsMessages, TeamsPage } from '@/components/teams/teams-messages';
import { noScriptAnswer } from '@/lib/forms/no-script-state';
import { privatePage } from '@/lib/guard/page';
import { firstParam, ownEntry } from '@/lib/http/search-param';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { declineInvitation } from '@/lib/teams/team-actions';
import { listMyTeams, listWaitingInvitations } from '@/lib/teams/team-queries';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('Teams');
  return pageMetadata('/teams', { title: t('title') });
}

const doneMessages = { left: 'left', deleted: 'deleted', declined: 'declined' } as const;

export default async function TeamsListPage({ searchParams }: PageProps<'/[locale]/teams'>) {
  const { session } = await privatePage('/teams');
  const [t, format] = await Promise.all([getTranslations('Teams'), getFormatter()]);
  const [teams, waiting, createAnswer] = await Promise.all([
    listMyTeams('/teams', session.identity.id),
    listWaitingInvitations('/teams'),
    noScriptAnswer('team-create'),
  ]);
  const done = ownEntry(doneMessages, firstParam((await searchParams).done));
  const declineAnswers =
    waiting.status === 'ok'
      ? await Promise.all(waiting.value.map((each) => noScriptAnswer(`invitation-decline:${each.id}`)))
      : [];
  return (
    <TeamsPage>
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('description')}</p>
      </div>
      <TeamsMessages>
        {done ? <TeamsAlert text={t(`done.${done}`)} /> : null}
        {waiting.status === 'ok' && waiting.value.length > 0 ? (
          <AccountSection id="invitations" title={t('waitingTitle')}>
            <ul className="grid divide-y rounded-lg border" data-testid="waiting-invitations">
              {waiting.value.map((invitation, index) => (
                <li key={invitation.id} className="grid gap-3 p-4">
                  <p>
                    {t.rich('invitedTo', {
                      team: invitation.teamName,
                      role: t(`roles.${invitation.role}`),
                      bdi: (chunks) => <bdi dir="auto">{chunks}</bdi>,
                    })}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {t('expires', {
                      date: format.dateTime(new Date(invitation.expiresAt), { dateStyle: 'long' }),
                    })}
                  </p>
                  <p className="text-sm text-muted-foreground">{t('acceptFromEmail')}</p>
                  <TeamActionForm
                    action={declineInvitation}
                    answer={declineAnswers[index]}
                    fields={{ invitationId: invitation.id }}
                    submit={t('decline')}
                  />
                </li>
              ))}
            </ul>
          </AccountSection>
        ) : null}
        <AccountSection id="my-teams" title={t('myTeams')}>
          {teams.status === 'unavailable' ? (
            <TeamsAlert text={t('errors.unavailable')} failed />
          ) : teams.value.length === 0 ? (
            <p className="text-muted-foreground">{t('noTeams')}</p>
          ) : (
            <ul className="grid divide-y rounded-lg border" data-testid="my-teams">
              {teams.value.map((team) => (
                <li
                  key={team.id}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4"
                >
                  <Link
                    href={`/teams/${team.slug}`}
                    className="min-w-0 font-medium break-words underline-offset-4 hover:underline"
                  >
                    <bdi dir="auto">{team.name}</bdi>
                  </Link>
                  <span className="text-sm text-muted-foreground">{t(`roles.${team.role}`)}</span>
                </li>
              ))}
            </ul>
          )}
        </AccountSection>
        <AccountSection id="create" title={t('createTitle')} description={t('createDescription')}>
          <CreateTeamForm answer={createAnswer} />
        </AccountSection>
      </TeamsMessages>
    </TeamsPage>
  );
}
