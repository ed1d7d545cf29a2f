import { avatarPath, avatarSize } from '@/lib/avatars/avatar-rules';
import { boundedGetUser, sessionClient } from '@/lib/session/server';

// The signed-in user's picture, resized by Storage's image transformation, proxied rather than handed out as a
// signed URL: pages are static and shared, so the header cannot carry a per-user signed URL; the image stays on
// the app's origin (the Content-Security-Policy's img-src 'self', no Storage host to allow); and each request is
// checked against the live session, so a signed-out or revoked browser gets nothing, where a signed URL would
// still work until it expired. `private, no-cache`: only this browser keeps it, and it asks again on each page, so
// a replaced or removed picture shows at once.

const headers = { 'Cache-Control': 'private, no-cache', Vary: 'Cookie' };

export async function GET(request: Request) {
  const size = avatarSize(new URL(request.url).searchParams.get('size'));
  const supabase = await sessionClient();
  const {
    data: { user },
  } = await boundedGetUser(supabase);
  if (!user) return new Response(null, { status: 401, headers });
  // Twice the CSS size: sharp on high-density screens.
  const { data, error } = await supabase.storage
    .from('avatars')
    .download(avatarPath(user.id), { transform: { width: size * 2, height: size * 2, resize: 'cover' } });
  if (error || !data) return new Response(null, { status: 404, headers });
  return new Response(data.stream(), {
    headers: {
      ...headers,
      'Content-Type': data.type || 'application/octet-stream',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
