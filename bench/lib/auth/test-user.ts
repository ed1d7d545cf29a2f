import { randomUUID } from 'node:crypto';

export interface TestUser {
  email: string;
  password: string;
}

/** A confirmed user created through the admin API (the secret key), so no email round trip is needed. */
export async function createConfirmedUser(authUrl: string, secretKey: string): Promise<TestUser> {
  const user = { email: `bench-${randomUUID()}@example.com`, password: `Bench-${randomUUID()}-9a!` };
  const response = await fetch(`${authUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: secretKey, Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...user, email_confirm: true }),
  });
  if (!response.ok)
    throw new Error(`Creating the benchmark user failed: ${response.status} ${await response.text()}`);
  return user;
}
