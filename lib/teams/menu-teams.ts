'use server';

import { sessionRead } from '@/lib/guard/action';

/** The teams the user menu lists, at most this many (the teams page lists them all). */
const menuLimit = 8;

/**
 * The visitor's teams for the user menu's switcher, asked only when the menu opens (public pages ask nothing on
 * load). Row-level security answers: the teams the session's user belongs to. A signed-out or ended session, or
 * one still owing its second factor, gets an empty list. Read failures are the menu's to skip, not to report.
 */
export async function menuTeams(): Promise<{ slug: string; name: string }[]> {
  const caller = await sessionRead('/teams');
  if (!caller) return [];
  const { supabase } = caller;
  const { data, error } = await supabase.from('teams').select('slug, name').order('name').limit(menuLimit);
  return error ? [] : data;
}
