import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { expect, type Page } from '@playwright/test';
import { secretKey, supabaseUrl } from './test-env';

/** A password that satisfies the policy in supabase/config.toml and is no common or context word (not "Polyglot…"). */
export const goodPassword = 'Lantern-Quay-47';

export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

function admin() {
  return createClient(supabaseUrl, secretKey, { auth: { persistSession: false, autoRefreshToken: false } });
}

/** Setup only (the flow under test creates its users through the UI): a confirmed user via the admin API. */
export async function createConfirmedUser(
  options: { email?: string; password?: string; locale?: string; displayName?: string } = {},
) {
  const email = options.email ?? uniqueEmail('user');
  const password = options.password ?? goodPassword;
  const { data, error } = await admin().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { display_name: options.displayName ?? 'Test User', locale: options.locale ?? 'en' },
  });
  if (error) throw error;
  return { id: data.user.id, email, password };
}

export async function findUser(id: string) {
  const { data } = await admin().auth.admin.getUserById(id);
  return data.user;
}

/** Signs in through the password form and waits for the destination. */
export async function signInWithPassword(
  page: Page,
  email: string,
  password: string,
  { locale = 'en', next }: { locale?: string; next?: string } = {},
) {
  await page.goto(`/${locale}/sign-in${next ? `?next=${encodeURIComponent(next)}` : ''}`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form:has(input[name="password"]) button[type="submit"]').click();
  await expect(page).not.toHaveURL(/\/sign-in(\?|$)/);
}
