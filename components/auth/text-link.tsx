import type { ComponentProps } from 'react';
import { Link } from '@/components/navigation/link';
import { cn } from '@/lib/class-names';

export function TextLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        'rounded-sm font-medium text-foreground underline underline-offset-4 hover:text-primary',
        className,
      )}
      {...props}
    />
  );
}
