import type { ComponentProps } from 'react';
import { ClearCachesForm } from '@/components/pwa/clear-caches-form';
import { Button } from '@/components/ui/button';
import { signOutEverywhere } from '@/lib/account-sessions/session-actions';
import { signOut } from '@/lib/auth/actions/sign-out';

/**
 * A plain form post: signing out never depends on JavaScript. With it, the service worker's runtime caches are
 * emptied as the form submits, as from the user menu. `everywhere` ends every session of the user, this one included.
 */
export function SignOutForm({
  locale,
  label,
  everywhere = false,
  ...button
}: { locale: string; label: string; everywhere?: boolean } & ComponentProps<typeof Button>) {
  return (
    <ClearCachesForm action={everywhere ? signOutEverywhere : signOut}>
      <input type="hidden" name="locale" value={locale} />
      <Button type="submit" {...button}>
        {label}
      </Button>
    </ClearCachesForm>
  );
}
