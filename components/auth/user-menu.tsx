'use client';

import { CircleUser, LogOut, UserRound } from 'lucide-react';
import { ClearCachesForm } from '@/components/pwa/clear-caches-form';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Link } from '@/i18n/navigation';
import { signOut } from '@/lib/auth/actions/sign-out';

interface UserMenuProps {
  locale: string;
  name: string;
  labels: { open: string; signedInAs: string; account: string; signOut: string };
}

/** The signed-in user's menu. Labels come from the server, so the browser needs no extra messages. */
export function UserMenu({ locale, name, labels }: UserMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" data-testid="user-menu-trigger">
          <CircleUser aria-hidden="true" />
          {/* The accessible name includes the visible name (WCAG 2.5.3, label in name). */}
          <span className="sr-only">{labels.open}: </span>
          <span className="max-w-32 truncate max-sm:sr-only">{name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-52">
        <DropdownMenuLabel className="truncate font-normal text-muted-foreground">{labels.signedInAs}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/account">
            <UserRound aria-hidden="true" />
            {labels.account}
          </Link>
        </DropdownMenuItem>
        {/* Also empties the service worker's runtime caches on the way out. */}
        <ClearCachesForm action={signOut}>
          <input type="hidden" name="locale" value={locale} />
          {/* Keep the menu (and so the form) mounted until the post has gone out. */}
          <DropdownMenuItem asChild onSelect={(event) => event.preventDefault()}>
            <button type="submit" className="w-full">
              <LogOut aria-hidden="true" />
              {labels.signOut}
            </button>
          </DropdownMenuItem>
        </ClearCachesForm>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
