import { createClient } from '@supabase/supabase-js';

/** The notes example's list page is measured with a full page of notes (issue 29). */
export const benchNoteCount = 20;

/** Writes the signed-in bench user's notes through the Data API with their own token, as the app's forms do. */
export async function seedBenchNotes(
  url: string,
  publishableKey: string,
  accessToken: string,
): Promise<void> {
  const supabase = createClient(url, publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
  });
  const rows = Array.from({ length: benchNoteCount }, (_, index) => ({
    title: `Bench note ${index + 1}`,
    body: 'A few lines of text, as a note has.\n'.repeat(5),
  }));
  const { error } = await supabase.from('notes').insert(rows);
  if (error) throw new Error(`Writing the benchmark user's notes failed: ${error.message}`);
}
