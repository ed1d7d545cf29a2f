'use client';

import { useSessionPresence } from '@/lib/session/browser';

/** The signed-in user's name from the session hint cookie; `fallback` while unknown (and on the server). */
export function SessionDisplayName({ fallback, className }: { fallback: string; className?: string }) {
  return <span className={className}>{useSessionPresence() ?? fallback}</span>;
}
