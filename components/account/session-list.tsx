import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { SubmitButton } from '@/components/forms/submit-button';
import { Badge } from '@/components/ui/badge';
import { isolated } from '@/i18n/isolate';
import { endOtherSessions, endSession } from '@/lib/account-sessions/session-actions';
import { sessionDevice } from '@/lib/account-sessions/session-device';
import type { UserSession } from '@/lib/account-sessions/session-queries';

// The list of "Your sessions", rendered on the server: relative times need no time zone, and the end buttons are
// plain forms posting to server actions, so the page works without JavaScript.

/** "Chrome on Windows", from the User-Agent the auth server recorded for the session. */
async function DeviceName({ userAgent }: { userAgent: string | null }) {
  const t = await getTranslations('Sessions');
  const { key, values } = sessionDevice(userAgent);
  return t.rich(key, { ...values, ...isolated });
}

/** When, relative to now: "3 hours ago"; "now" within the last minute (the clocks need not agree to the second). */
async function SessionTime({ iso, now }: { iso: string; now: Date }) {
  const [format, locale] = await Promise.all([getFormatter(), getLocale()]);
  const date = new Date(iso);
  const text =
    Math.abs(now.getTime() - date.getTime()) < 60_000
      ? new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(0, 'second')
      : format.relativeTime(date, now);
  return (
    <time
      dateTime={iso}
      title={format.dateTime(date, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })}
    >
      {text}
    </time>
  );
}

async function SessionItem({ session, locale, now }: { session: UserSession; locale: string; now: Date }) {
  const t = await getTranslations('Sessions');
  const nameId = `session-${session.id}`;
  return (
    <li className="grid gap-3 rounded-md border p-4" data-testid="session" data-current={session.current}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={nameId} className="font-medium">
          <DeviceName userAgent={session.userAgent} />
        </h2>
        {session.current ? <Badge variant="secondary">{t('thisDevice')}</Badge> : null}
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('signedIn')}</dt>
        <dd>
          <SessionTime iso={session.createdAt} now={now} />
        </dd>
        <dt className="text-muted-foreground">{t('lastActive')}</dt>
        <dd>
          <SessionTime iso={session.lastActiveAt} now={now} />
        </dd>
        <dt className="text-muted-foreground">{t('assurance')}</dt>
        <dd>{session.aal === 'aal2' ? t('aal2') : t('aal1')}</dd>
        {session.ip ? (
          <>
            <dt className="text-muted-foreground">{t('ipAddress')}</dt>
            <dd>
              <bdi>{session.ip}</bdi>
            </dd>
          </>
        ) : null}
      </dl>
      {session.current ? null : (
        <form action={endSession} className="justify-self-start">
          <input type="hidden" name="locale" value={locale} />
          <input type="hidden" name="sessionId" value={session.id} />
          <SubmitButton variant="outline" size="sm" aria-describedby={nameId}>
            {t('endSession')}
          </SubmitButton>
        </form>
      )}
    </li>
  );
}

export async function SessionList({ sessions, locale }: { sessions: UserSession[]; locale: string }) {
  const t = await getTranslations('Sessions');
  const now = new Date();
  const others = sessions.filter((session) => !session.current).length;
  return (
    <div className="grid gap-4">
      <ul className="grid gap-3" aria-label={t('listLabel')}>
        {sessions.map((session) => (
          <SessionItem key={session.id} session={session} locale={locale} now={now} />
        ))}
      </ul>
      {others > 0 ? (
        <EndOtherSessionsForm locale={locale} label={t('endOthers')} />
      ) : (
        <p className="text-sm text-muted-foreground">{t('noOthers')}</p>
      )}
    </div>
  );
}

/** "End all other sessions": on this page, and offered after a second-factor change. */
export function EndOtherSessionsForm({ locale, label }: { locale: string; label: string }) {
  return (
    <form action={endOtherSessions} className="justify-self-start">
      <input type="hidden" name="locale" value={locale} />
      <SubmitButton variant="outline">{label}</SubmitButton>
    </form>
  );
}
