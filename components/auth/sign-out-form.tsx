import type { ComponentProps } from 'react';
import { ClearCachesForm } from '@/components/pwa/clear-caches-form';
import { Button } from '@/components/ui/button';
import { signOut } from '@/lib/auth/actions/sign-out';

/**
 * A plain form post: signing out never depends on JavaScript. With it, the service worker's runtime caches are
 * emptied as the form submits, as from the user menu.
 */
export function SignOutForm({
  locale,
  label,
  ...button
}: { locale: string; label: string } & ComponentProps<typeof Button>) {
  return (
    <ClearCachesForm action={signOut}>
      <input type="hidden" name="locale" value={locale} />
      <Button type="submit" {...button}>
        {label}
      </Button>
    </ClearCachesForm>
  );
}
