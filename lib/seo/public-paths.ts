/** Pages anyone may see and search engines may list, without the locale prefix. */
export const publicPaths = ['/'] as const;
