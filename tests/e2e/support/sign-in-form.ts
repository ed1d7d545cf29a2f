import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Submits the English sign-in form with an email and no password, and checks the localized "required"
 * message with the email kept. Returns the form for further steps.
 */
export async function submitSignInWithoutPassword(page: Page): Promise<Locator> {
  await page.goto('/en/sign-in');
  const form = page.locator('form:has(input[name="password"])');
  await form.locator('input[name="email"]').fill('someone@example.com');
  await form.locator('button[type="submit"]').click();
  await expect(page.getByText('Please fill in this field.')).toBeVisible();
  await expect(form.locator('input[name="email"]')).toHaveValue('someone@example.com');
  return form;
}
