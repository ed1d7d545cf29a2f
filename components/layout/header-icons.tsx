'use client';

import { CircleUser, Download, Languages, LogOut, Moon, Sun } from 'lucide-react';

// The header's buttons are rendered on the server, their icons here. lucide's base Icon is itself a client
// component, and Turbopack (Next 16.4) fails to prerender pages where it is reached only from server
// components ("Element type is invalid ... got: undefined"); importing the icons in a client module avoids it.

export const InstallIcon = () => <Download aria-hidden="true" />;
export const LanguageIcon = () => <Languages aria-hidden="true" />;
export const UserIcon = () => <CircleUser aria-hidden="true" />;
export const SignOutIcon = () => <LogOut aria-hidden="true" />;

/** CSS picks the icon, so it is right before any script runs. */
export function ThemeIcon() {
  return (
    <>
      <Sun aria-hidden="true" className="dark:hidden" />
      <Moon aria-hidden="true" className="hidden dark:block" />
    </>
  );
}
