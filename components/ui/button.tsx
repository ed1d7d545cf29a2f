import * as React from 'react';
import type { VariantProps } from 'class-variance-authority';
import * as Slot from '@radix-ui/react-slot';

import { buttonVariants } from '@/components/ui/button-variants';
import { cn } from '@/lib/class-names';

function Button({
  className,
  variant = 'default',
  size = 'default',
  asChild = false,
  ...props
}: React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean;
  }) {
  const Comp = asChild ? Slot.Root : 'button';

  return (
    <Comp
      data-slot="button"
      data-variant={variant}
      data-size={size}
      className={cn(buttonVariants({ variant, size, className }))}
      {...props}
    />
  );
}

export { Button, buttonVariants };
