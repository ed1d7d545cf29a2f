/** Pages anyone may see and search engines may list, without the locale prefix. */
export const publicPaths = ['/', '/sign-in', '/sign-up', '/forgot-password'] as const;
