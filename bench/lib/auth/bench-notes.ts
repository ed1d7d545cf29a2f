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
