import type { Metadata } from 'next';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { ClearCachesForm } from '@/components/pwa/clear-caches-form';
import { InvitationAccount } from '@/components/teams/invitation-account';
import { TeamActionForm } from '@/components/teams/team-action-form';
import { TeamsAlert } from '@/components/teams/teams-alert';
import { TeamsMessages, TeamsPage } from '@/components/teams/teams-messages';
import { Button } from '@/components/ui/button';
import { signOut } from '@/lib/auth/actions/sign-out';
import { noScriptAnswer } from '@/lib/forms/no-script-state';
import { isolatedText } from '@/i18n/isolate';
import { pageMetadata } from '@/lib/seo/page-metadata';
import { boundedGetUser, sessionClient } from '@/lib/session/server';
import { acceptInvitation, declineInvitation } from '@/lib/teams/team-actions';
import { previewInvitation } from '@/lib/teams/team-queries';

// The page an emailed invitation opens. Open to anyone holding the link: signed out, it shows the sign-in form (or
// with `?account=new` the sign-up form) with the invited address filled in, coming back here; signed in with another
// address, it says so and offers to switch accounts; an invitation no longer open says why. The token stays in this
// page's address only.

// The token stays out of the title too (and so out of history and shared screens' tab names).
export async function generateMetadata({
  params,
}: PageProps<'/[locale]/invitations/[token]'>): Promise<Metadata> {
  const t = await getTranslations('Teams');
  return pageMetadata(`/invitations/${(await params).token}`, { title: t('invitationTitle') });
}

export default async function InvitationPage({
  params,
  searchParams,
}: PageProps<'/[locale]/invitations/[token]'>) {
  const [{ token }, { account }] = await Promise.all([params, searchParams]);
  const path = `/invitations/${token}`;
  const [locale, t, format] = await Promise.all([getLocale(), getTranslations('Teams'), getFormatter()]);
  const preview = await previewInvitation(path, token);
  if (preview.status !== 'ok')
    return (
      <TeamsPage>
        <h1 className="text-2xl font-semibold tracking-tight">{t('invitationTitle')}</h1>
        <TeamsAlert
          text={preview.status === 'missing' ? t('invitationStatus.missing') : t('errors.unavailable')}
          failed
        />
      </TeamsPage>
    );
  const { invitation } = preview;
  const { data } = await boundedGetUser(await sessionClient());
  const user = data.user;
  const userEmail = user?.email?.toLowerCase();
  const next = path;
  const role = t(`roles.${invitation.role}`);
  return (
    <TeamsPage>
      <h1 className="text-2xl font-semibold tracking-tight">{t('invitationTitle')}</h1>
      <p data-testid="invitation-summary">
        {t.rich('invitedTo', {
          team: invitation.teamName,
          role,
          bdi: (chunks) => <bdi dir="auto">{chunks}</bdi>,
        })}
      </p>
      <p className="text-sm text-muted-foreground">
        {t.rich('invitationFor', { email: invitation.email, bdi: (chunks) => <bdi>{chunks}</bdi> })}
      </p>
      {invitation.status !== 'pending' ? (
        <div data-testid="invitation-closed">
          <TeamsAlert text={t(`invitationStatus.${invitation.status}`)} failed />
        </div>
      ) : !user ? (
        <div className="grid gap-3" data-testid="invitation-signed-out">
          <p className="text-sm text-muted-foreground">
            {t('expires', { date: format.dateTime(new Date(invitation.expiresAt), { dateStyle: 'long' }) })}
          </p>
          <InvitationAccount next={next} email={invitation.email} newAccount={account === 'new'} />
        </div>
      ) : userEmail !== invitation.email ? (
        <div className="grid gap-3" data-testid="invitation-other-account">
          <TeamsAlert
            text={t.markup('invitationOtherAccount', {
              current: user.email ?? '',
              invited: invitation.email,
              ...isolatedText,
            })}
            failed
          />
          <ClearCachesForm action={signOut}>
            <input type="hidden" name="locale" value={locale} />
            <input type="hidden" name="next" value={next} />
            <Button type="submit" variant="outline">
              {t('switchAccount')}
            </Button>
          </ClearCachesForm>
        </div>
      ) : (
        <TeamsMessages>
          <div className="grid gap-3" data-testid="invitation-open">
            <p className="text-sm text-muted-foreground">
              {t('expires', { date: format.dateTime(new Date(invitation.expiresAt), { dateStyle: 'long' }) })}
            </p>
            <div className="flex flex-wrap items-start gap-3">
              <TeamActionForm
                action={acceptInvitation}
                answer={await noScriptAnswer('invitation-accept')}
                fields={{ token }}
                submit={t('accept')}
                variant="default"
                testId="invitation-accept-form"
              />
              <TeamActionForm
                action={declineInvitation}
                answer={await noScriptAnswer(`invitation-decline:${invitation.id}`)}
                fields={{ invitationId: invitation.id }}
                submit={t('decline')}
                testId="invitation-decline-form"
              />
            </div>
          </div>
        </TeamsMessages>
      )}
    </TeamsPage>
  );
}
