import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { signOut } from '@/lib/auth/actions/sign-out';

/** A plain form post: signing out never depends on JavaScript. */
export function SignOutForm({
  locale,
  label,
  ...button
}: { locale: string; label: string } & ComponentProps<typeof Button>) {
  return (
    <form action={signOut}>
      <input type="hidden" name="locale" value={locale} />
      <Button type="submit" {...button}>
        {label}
      </Button>
    </form>
  );
}
