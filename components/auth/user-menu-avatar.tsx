'use client';

import { AvatarImage } from '@/components/auth/avatar-image';
import { UserIcon } from '@/components/layout/header-icons';
import { useSessionPicture, useSessionPresence } from '@/lib/session/browser';

/**
 * The menu button's picture: the signed-in user's (or their initials), the generic icon until the page knows who
 * that is. Its version comes from the presence hint, so no page asks anything to draw it. Decorative (empty alt):
 * the button's name already says whose menu it is.
 */
export function UserMenuAvatar() {
  const name = useSessionPresence();
  const picture = useSessionPicture();
  return name ? <AvatarImage name={name} size={24} version={picture} alt="" /> : <UserIcon />;
}
