import { avatarResponse } from '@/lib/avatars/avatar-download';
import { avatarSize } from '@/lib/avatars/avatar-rules';
import { pictureVersion } from '@/lib/session/types';

// The signed-in user's profile picture (how it is served and why: lib/avatars/avatar-download.ts).
export async function GET(request: Request) {
  const query = new URL(request.url).searchParams;
  return avatarResponse(avatarSize(query.get('size')), pictureVersion(query.get('v')));
}
