import { describe, expect, it } from 'vitest';
import { api, anonClient, authServerForFile } from './helpers.ts';

/** POST /resend as GoTrue's resend.go (compare internal/api/resend_test.go). */

const srv = authServerForFile();

describe('POST /resend', () => {
  it('answers phone_provider_disabled for a phone while phone logins are off', async () => {
    const { error } = await anonClient(srv.get()).auth.resend({ phone: '+15555550100', type: 'sms' });
    expect(error).toMatchObject({
      status: 400,
      code: 'phone_provider_disabled',
      message: 'Phone logins are disabled',
    });
    const change = await anonClient(srv.get()).auth.resend({ phone: '+15555550100', type: 'phone_change' });
    expect(change.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' });
  });

  it('validates in GoTrue order', async () => {
    const server = srv.get();
    const cases: [Record<string, unknown>, string][] = [
      [
        { type: 'nope', email: 'a@example.com' },
        'Missing one of these types: signup, email_change, sms, phone_change',
      ],
      [{ type: 'signup' }, 'Type provided requires an email address'],
      [{ type: 'sms' }, 'Type provided requires a phone number'],
      [
        { type: 'sms', phone: '+15555550100', email: 'a@example.com' },
        'Only an email address or phone number should be provided.',
      ],
      [{ type: 'email_change' }, 'Missing email address or phone number'],
    ];
    for (const [body, message] of cases) {
      expect((await api(server, '/resend', { body })).body).toEqual({ code: 'validation_failed', message });
    }
  });
});
