import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/navigation/link';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { accountDeletionBlockers } from '@/lib/teams/team-queries';

/**
 * In the account page's delete section: the teams the user owns alone while others belong to them, each to hand
 * over or delete first (account_deletion_blockers()). Nothing when there are none.
 */
export async function DeletionBlockers() {
  const blockers = await accountDeletionBlockers('/account');
  if (blockers.status !== 'ok' || blockers.value.length === 0) return null;
  const t = await getTranslations('Teams');
  return (
    <Alert data-testid="deletion-blockers">
      <AlertDescription className="grid gap-2 text-foreground">
        <p>{t('deletionBlockers', { count: blockers.value.length })}</p>
        <ul className="list-disc ps-5">
          {blockers.value.map((team) => (
            <li key={team.slug}>
              <Link href={`/teams/${team.slug}`} className="underline underline-offset-4">
                <bdi dir="auto">{team.name}</bdi>
              </Link>
            </li>
          ))}
        </ul>
      </AlertDescription>
    </Alert>
  );
}
