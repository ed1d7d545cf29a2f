import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/class-names';

/**
 * A <details> summary drawn as a small outline button (no disclosure triangle): it reveals a confirmation form
 * without JavaScript. A destructive one says so in its colour, not with a second solid button beside the card's.
 */
export function summaryButton(destructive = false): string {
  return cn(
    buttonVariants({ variant: 'outline', size: 'sm' }),
    'w-fit cursor-pointer list-none [&::-webkit-details-marker]:hidden',
    destructive && 'text-destructive hover:text-destructive',
  );
}
