import { headers } from 'next/headers';

/**
 * The `next` a form asks for: the hidden field (filled from the address bar by JavaScript), else the `next`
 * of the page the form was posted from (no JavaScript: the Referer is that page). Always passed through
 * lib/routes/safe-redirect.ts afterwards.
 */
export async function requestedNext(formData: FormData): Promise<string | null> {
  const posted = formData.get('next');
  if (typeof posted === 'string' && posted) return posted;
  const referer = (await headers()).get('referer');
  if (!referer) return null;
  try {
    return new URL(referer).searchParams.get('next');
  } catch {
    // A Referer that is not a URL names no page to go back to.
    return null;
  }
}
