import { clsx, type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/**
 * tailwind-merge, taught our design tokens from tailwind.config.ts: the `control` spacing
 * value (so `h-control` and `h-8` conflict, as do `size-control`/`size-8`, `min-h-control`…).
 * Radii sm/md/lg/xl and `font-sans` are already known to tailwind-merge.
 */
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      spacing: ['control'],
    },
  },
});

/** Join class names conditionally (clsx) and let later Tailwind classes override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
