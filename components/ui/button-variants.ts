import { cva } from 'class-variance-authority';

// Labels wrap rather than widen the page (a German or French label is often wider than a phone): the sizes set a
// minimum height, and a button is never wider than its container.
// Split from button.tsx (shadcn/ui keeps both in one file) so that code which only needs the classes, such
// as the error boundary that every page loads, does not pull tailwind-merge into the first-load bundle.
export const buttonVariants = cva(
  "inline-flex max-w-full shrink-0 items-center justify-center gap-2 rounded-md text-center text-sm font-medium transition-all outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground hover:bg-primary/90',
        destructive:
          'bg-destructive text-white hover:bg-destructive/90 dark:bg-destructive/60 dark:hover:bg-destructive/70',
        outline:
          'border bg-background shadow-xs hover:bg-accent hover:text-accent-foreground dark:border-input dark:bg-input/30 dark:hover:bg-input/50',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
        ghost: 'hover:bg-accent hover:text-accent-foreground dark:hover:bg-accent/50',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'min-h-control px-4 py-2 has-[>svg]:px-3',
        xs: "h-6 gap-1 rounded-md px-2 text-xs whitespace-nowrap has-[>svg]:px-1.5 [&_svg:not([class*='size-'])]:size-3",
        sm: 'min-h-8 gap-1.5 rounded-md px-3 py-1.5 has-[>svg]:px-2.5',
        lg: 'min-h-10 rounded-md px-6 py-2 has-[>svg]:px-4',
        icon: 'size-control',
        'icon-xs': "size-6 rounded-md [&_svg:not([class*='size-'])]:size-3",
        'icon-sm': 'size-8',
        'icon-lg': 'size-10',
      },
    },
    defaultVariants: {
      variant: 'default',
      size: 'default',
    },
  },
);
