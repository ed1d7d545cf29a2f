import { describe, expect, it } from 'vitest';
import { anonClient, authServerForFile } from './helpers.ts';

/** POST /verify as GoTrue's verify.go (compare internal/api/verify_test.go). */

const srv = authServerForFile();

describe('POST /verify with a phone', () => {
  it('never checks the phone provider: a well-formed number with no matching code is 403 otp_expired', async () => {
    const { error } = await anonClient(srv.get()).auth.verifyOtp({
      phone: '+15555550100',
      token: '123456',
      type: 'sms',
    });
    expect(error).toMatchObject({
      status: 403,
      code: 'otp_expired',
      message: 'Token has expired or is invalid',
    });
    const change = await anonClient(srv.get()).auth.verifyOtp({
      phone: '4915555550100',
      token: '123456',
      type: 'phone_change',
    });
    expect(change.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('refuses a malformed number with 400 validation_failed', async () => {
    for (const phone of ['+0123', 'not-a-number', '+1234567890123456']) {
      const { error } = await anonClient(srv.get()).auth.verifyOtp({ phone, token: '123456', type: 'sms' });
      expect(error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Invalid phone number format (E.164 required)',
      });
    }
  });
});
