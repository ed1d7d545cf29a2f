'use client';

import { LogOut, UserRound, UsersRound } from 'lucide-react';
import { NotebookPen } from 'lucide-react'; // example:notes
import { useLocale, useTranslations } from 'next-intl';
import { type ReactElement, useEffect, useState } from 'react';
import { ClearCachesForm } from '@/components/pwa/clear-caches-form';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Link } from '@/components/navigation/link';
import { isolated } from '@/i18n/isolate';
import { signOut } from '@/lib/auth/actions/sign-out';
import { useSessionPresence } from '@/lib/session/browser';
import { menuTeams } from '@/lib/teams/menu-teams';

/** The user menu's Radix dropdown, loaded on first use (see DeferredMenu). */
export default function UserMenuContent({ trigger }: { trigger: ReactElement }) {
  const t = useTranslations('UserMenu');
  const locale = useLocale();
  const name = useSessionPresence() ?? t('account');
  // The team switcher: this content loads when the menu first opens, and only then are the teams asked for.
  const [teams, setTeams] = useState<{ slug: string; name: string }[]>([]);
  useEffect(() => {
    let live = true;
    menuTeams().then(
      (list) => live && setTeams(list),
      // No teams listed: the Teams link below still leads to them all.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-52">
        <DropdownMenuLabel className="truncate font-normal text-muted-foreground">
          {t.rich('signedInAs', { name, ...isolated })}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/account">
            <UserRound aria-hidden="true" />
            {t('account')}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/teams">
            <UsersRound aria-hidden="true" />
            {t('teams')}
          </Link>
        </DropdownMenuItem>
        {teams.length > 0 ? (
          <DropdownMenuGroup aria-label={t('switchTeam')} data-testid="menu-teams">
            {teams.map((team) => (
              <DropdownMenuItem key={team.slug} asChild className="ps-8">
                <Link href={`/teams/${team.slug}`}>
                  <bdi dir="auto" className="truncate">
                    {team.name}
                  </bdi>
                </Link>
              </DropdownMenuItem>
            ))}
          </DropdownMenuGroup>
        ) : null}
        {/* example:notes start */}
        <DropdownMenuItem asChild>
          <Link href="/notes">
            <NotebookPen aria-hidden="true" />
            {t('notes')}
          </Link>
        </DropdownMenuItem>
        {/* example:notes end */}
        {/* Also empties the service worker's runtime caches on the way out. */}
        <ClearCachesForm action={signOut}>
          <input type="hidden" name="locale" value={locale} />
          {/* Keep the menu (and so the form) mounted until the post has gone out. */}
          <DropdownMenuItem asChild onSelect={(event) => event.preventDefault()}>
            <button type="submit" className="w-full">
              <LogOut aria-hidden="true" />
              {t('signOut')}
            </button>
          </DropdownMenuItem>
        </ClearCachesForm>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
