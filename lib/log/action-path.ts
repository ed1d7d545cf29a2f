import { headers } from 'next/headers';

/** The page a server action was posted from, for the log (actions are posted to the page's own URL). */
export async function actionPath(): Promise<string> {
  const referer = (await headers()).get('referer');
  if (!referer) return '-';
  try {
    return new URL(referer).pathname;
  } catch {
    // A Referer that is not a URL: the log says there was no readable path.
    return '-';
  }
}
