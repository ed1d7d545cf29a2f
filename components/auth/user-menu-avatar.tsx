'use client';

import { AvatarImage } from '@/components/auth/avatar-image';
import { UserIcon } from '@/components/layout/header-icons';
import { useSessionPresence } from '@/lib/session/browser';

/**
 * The menu button's picture: the signed-in user's (or their initials), the generic icon until the page knows who
 * that is. Decorative (empty alt): the button's name already says whose menu it is.
 */
export function UserMenuAvatar() {
  const name = useSessionPresence();
  return name ? <AvatarImage name={name} size={24} alt="" /> : <UserIcon />;
}
