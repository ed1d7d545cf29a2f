import { createClient } from '@supabase/supabase-js';

/** The notes example's list page is measured with a full page of notes. */
export const benchNoteCount = 20;

/**
 * Writes the signed-in bench user's notes through the Data API with their own token, as the app's forms do, and
 * returns their ids (the auth-server section reads one by primary key).
 */
export async function seedBenchNotes(
  url: string,
  publishableKey: string,
  accessToken: string,
): Promise<string[]> {
  const supabase = createClient(url, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
  });
  const rows = Array.from({ length: benchNoteCount }, (_, index) => ({
    title: `Bench note ${index + 1}`,
    body: 'A few lines of text, as a note has.\n'.repeat(5),
  }));
  const { data, error } = await supabase.from('notes').insert(rows).select('id');
  if (error) throw new Error(`Writing the benchmark user's notes failed: ${error.message}`);
  return data.map((row: { id: string }) => row.id);
}

/**
 * A team of the bench user's with 20 notes, written through the Data API with their own token as the app does:
 * returns its slug, for /en/teams/<slug>/notes beside /en/notes.
 */
export async function seedBenchTeamNotes(
  url: string,
  publishableKey: string,
  accessToken: string,
): Promise<string> {
  const supabase = createClient(url, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
  });
  const slug = `bench-${Date.now().toString(36)}`;
  const team = await supabase.rpc('create_team', { p_slug: slug, p_name: 'Bench team' });
  if (team.error) throw new Error(`Creating the benchmark team failed: ${team.error.message}`);
  const rows = Array.from({ length: benchNoteCount }, (_, index) => ({
    title: `Team note ${index + 1}`,
    body: 'A few lines of text, as a note has.\n'.repeat(5),
    team_id: (team.data as { id: string }).id,
  }));
  const { error } = await supabase.from('notes').insert(rows);
  if (error) throw new Error(`Writing the benchmark team's notes failed: ${error.message}`);
  return slug;
}
