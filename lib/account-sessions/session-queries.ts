import { logServerError } from '@/lib/log/server-log';
import { sessionClient } from '@/lib/session/server';
import type { Database } from '@/lib/supabase/database.types';

// The visitor's sessions, read through their own session with rpc(): the database function
// (supabase/migrations/*_user_sessions.sql) decides whose rows come back, never this code.

type SessionRow = Database['public']['Functions']['list_my_sessions']['Returns'][number];

/** A session as the page shows it. The generated row type says string where the database may hold null. */
export interface UserSession {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  /**
   * The last refresh, or the sign-in before the first one (GoTrue's LastRefreshedAt); for the session asking, now:
   * it is active this very moment, whenever its token was last refreshed.
   */
  lastActiveAt: string;
  aal: 'aal1' | 'aal2';
  current: boolean;
}

export type SessionList = { status: 'ok'; sessions: UserSession[] } | { status: 'unavailable' };

/** A row of list_my_sessions as the page shows it, read at `now`. */
export function toSession(row: SessionRow, now: Date): UserSession {
  const refreshedAt = row.refreshed_at as string | null;
  return {
    id: row.id,
    userAgent: row.user_agent as string | null,
    ip: row.ip as string | null,
    createdAt: row.created_at,
    lastActiveAt: row.is_current
      ? now.toISOString()
      : refreshedAt && refreshedAt > row.created_at
        ? refreshedAt
        : row.created_at,
    aal: row.aal === 'aal2' ? 'aal2' : 'aal1',
    current: row.is_current,
  };
}

/** The visitor's sessions: this one first, then the others by latest activity. */
export async function listSessions(path: string): Promise<SessionList> {
  const supabase = await sessionClient();
  const { data, error } = await supabase.rpc('list_my_sessions');
  if (error) {
    logServerError({ path, code: error.code || 'data_unreachable', error });
    return { status: 'unavailable' };
  }
  const now = new Date();
  const sessions = data.map((row) => toSession(row, now));
  return {
    status: 'ok',
    sessions: [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)],
  };
}
