import type { ReactNode } from 'react';

/** The notes pages' frame: the same width and spacing as the account page. */
export function NotesPage({ children }: { children: ReactNode }) {
  return <div className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-12">{children}</div>;
}
