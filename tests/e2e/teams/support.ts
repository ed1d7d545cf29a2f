import { createClient } from '@supabase/supabase-js';
import { createTranslator, type Messages } from 'next-intl';
import ar from '../../../messages/ar.json' with { type: 'json' };
import en from '../../../messages/en.json' with { type: 'json' };
import { expect, type Page } from '../support/test';
import { secretKey, supabaseUrl } from '../support/test-env';

// Shared by the team specs: the words as each language's messages file has them, and setup and checks straight
// against the database with the secret key (the flows under test never use it).

export const messages = { en, ar } as unknown as Record<'en' | 'ar', Messages>;

export function teamWords(locale: 'en' | 'ar') {
  return createTranslator({ locale, messages: messages[locale], namespace: 'Teams' });
}

export function admin() {
  return createClient(supabaseUrl, secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

/** A team's members and their roles, as the database holds them. */
export async function rolesIn(slug: string): Promise<Record<string, string>> {
  const { data: team } = await admin().from('teams').select('id').eq('slug', slug).maybeSingle();
  if (!team) return {};
  const { data } = await admin().from('team_members').select('user_id, role').eq('team_id', team.id);
  return Object.fromEntries((data ?? []).map((row) => [row.user_id, row.role]));
}

export async function teamExists(slug: string): Promise<boolean> {
  const { data } = await admin().from('teams').select('id').eq('slug', slug).maybeSingle();
  return data !== null;
}

export const uniqueSlug = (label: string) => `${label}-${Math.random().toString(36).slice(2, 10)}`;

/** A form field by its label; Next keeps the previous page's tree in the DOM, hidden, so only visible ones count. */
export function field(page: Page, label: string) {
  return page.getByLabel(label, { exact: true }).filter({ visible: true });
}

/** The page's status message (what a change just did). */
export async function expectStatus(page: Page, text: string) {
  await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
}

/** The member row of the team page for an address. */
export function memberRow(page: Page, email: string) {
  return page.getByTestId('team-member').filter({ hasText: email });
}
