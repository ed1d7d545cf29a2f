import { Link } from '@/components/navigation/link';
import type { FormState } from '@/lib/forms/form-state';

/**
 * Under the account deletion's refusal: the teams the user owns alone while others belong to them, each linked, to
 * hand over or delete first (account_deletion_blockers(), asked by the delete action).
 */
export function DeletionBlockers({ teams }: { teams: NonNullable<FormState['deletionBlockers']> }) {
  return (
    <ul className="mt-2 list-disc ps-5" data-testid="deletion-blockers">
      {teams.map((team) => (
        <li key={team.slug}>
          <Link href={`/teams/${team.slug}`} className="underline underline-offset-4">
            <bdi dir="auto">{team.name}</bdi>
          </Link>
        </li>
      ))}
    </ul>
  );
}
