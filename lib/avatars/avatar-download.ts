import { storageFailure, uncachedFileHeaders } from '@/lib/http/storage-file';
import { storedSessionClient } from '@/lib/session/server';
import { avatarPath, type avatarSizes } from './avatar-rules';

// The signed-in user's picture, resized by Storage's image transformation, served on the app's origin (the
// Content-Security-Policy's img-src 'self': no Storage host to allow) by app/api/avatar.
//
// Why a route and not a signed URL in the page: pages are static and shared, so the header cannot carry a per-user
// URL, and a signed one would have to be minted by a request per page. Why it never asks the auth server: the
// picture's version travels in the session's claims (user_metadata, then the presence hint), so a page knows
// whether and which picture to show without a request; the image itself is fetched only where it is displayed, with
// the access token from the cookie (Storage verifies it and its policies decide, as for any Storage call), and
// cached by the browser per version. So no page view, public or private, costs an auth request for it, and a
// replaced picture is a new address. The cache is `private` (this browser only), and a version address is
// immutable: a new picture is a new version. The cost: a session revoked elsewhere can still fetch a picture until its
// access token expires, as with any Storage request, and only pictures, which every signed-in user may read.

/** Storage's answer as the route's status: no picture 404; a token it refused 401; anything else 502. */
const failureStatus = (error: unknown) =>
  ({ missing: 404, refused: 401, unavailable: 502 })[storageFailure(error)];

/** The picture at `size` CSS pixels, or the status saying why not. `version`: the one the page asked for, if any. */
export async function avatarResponse(
  size: (typeof avatarSizes)[number],
  version?: string,
): Promise<Response> {
  const session = await storedSessionClient();
  if (!session) return new Response(null, { status: 401, headers: uncachedFileHeaders });
  // Twice the CSS size: sharp on high-density screens.
  const { data, error } = await session.supabase.storage
    .from('avatars')
    .download(avatarPath(session.userId), {
      transform: { width: size * 2, height: size * 2, resize: 'cover' },
    });
  if (error || !data)
    return new Response(null, { status: failureStatus(error), headers: uncachedFileHeaders });
  return new Response(data.stream(), {
    headers: {
      // A version address never changes what it shows; without one (an old link), always asked again.
      'Cache-Control': version ? 'private, max-age=31536000, immutable' : 'private, no-cache',
      Vary: 'Cookie',
      'Content-Type': data.type || 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
