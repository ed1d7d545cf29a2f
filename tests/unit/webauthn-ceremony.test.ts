import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormState } from '@/lib/forms/form-state';
import { ceremonyAnswer } from '@/lib/auth/passkey-options';
import { createCredential, proveCredential } from '@/lib/auth/webauthn-ceremony';

// The one WebAuthn flow of the passkey and security-key forms, against a browser whose navigator.credentials is
// stubbed (the platform, not our code): the prompt's outcome decides what the form shows and what step 2 receives.

const buffer = (text: string) => new TextEncoder().encode(text).buffer;
const creationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { name: 'Polyglot', id: 'localhost' },
  user: { id: 'dXNlcg', name: 'a@example.com', displayName: 'a' },
  pubKeyCredParams: [{ type: 'public-key' as const, alg: -7 }],
  timeout: 60_000,
};
const requestOptions = { challenge: 'Y2hhbGxlbmdl', rpId: 'localhost', timeout: 60_000 };
const credential = {
  id: 'Y3JlZA',
  rawId: buffer('cred'),
  type: 'public-key',
  authenticatorAttachment: 'platform',
  getClientExtensionResults: () => ({}),
  response: {
    clientDataJSON: buffer('{}'),
    attestationObject: buffer('att'),
    authenticatorData: buffer('auth'),
    signature: buffer('sig'),
    userHandle: buffer('user'),
    getTransports: () => ['internal'],
    getPublicKey: () => null,
    getPublicKeyAlgorithm: () => -7,
    getAuthenticatorData: () => buffer('auth'),
  },
};

function browser(prompt: () => Promise<unknown>) {
  class PublicKeyCredential {}
  vi.stubGlobal('window', { PublicKeyCredential, location: { hostname: 'localhost' } });
  vi.stubGlobal('PublicKeyCredential', PublicKeyCredential);
  vi.stubGlobal('navigator', { credentials: { create: prompt, get: prompt } });
}

const message = (key: string) => `said: ${key}`;
const initial: FormState = { status: 'idle' };

afterEach(() => vi.unstubAllGlobals());

describe('createCredential', () => {
  it('sends the new credential with the challenge (and a key its factor) to step 2', async () => {
    browser(async () => credential);
    let sent: FormData | undefined;
    const result = await createCredential(
      {
        options: async () => ({
          status: 'ready',
          challengeId: 'c1',
          factorId: 'f1',
          options: creationOptions,
        }),
        verify: async (_previous, formData) => {
          sent = formData;
          return { status: 'success', message: 'added' };
        },
        message,
      },
      initial,
      new FormData(),
      { name: 'Laptop' },
    );
    expect(result).toEqual({ status: 'success', message: 'added' });
    expect(sent?.get('challengeId')).toBe('c1');
    expect(sent?.get('factorId')).toBe('f1');
    expect(JSON.parse(String(sent?.get('credential')))).toMatchObject({ id: 'Y3JlZA', type: 'public-key' });
  });

  it('says why the browser made none, keeps what was typed, and never calls step 2', async () => {
    browser(async () => {
      throw Object.assign(new Error('no'), { name: 'NotAllowedError' });
    });
    const verify = vi.fn();
    const result = await createCredential(
      {
        options: async () => ({ status: 'ready', challengeId: 'c1', options: creationOptions }),
        verify,
        message,
      },
      initial,
      new FormData(),
      { name: 'Laptop' },
    );
    expect(result).toEqual({
      status: 'error',
      message: 'said: passkeyCancelled',
      values: { name: 'Laptop' },
    });
    expect(verify).not.toHaveBeenCalled();
  });

  it("shows step 1's refusal as it is, without a prompt", async () => {
    const prompt = vi.fn();
    browser(prompt);
    const refusal: FormState = { status: 'error', message: 'too many' };
    const result = await createCredential(
      { options: async () => refusal, verify: vi.fn(), message },
      initial,
      new FormData(),
    );
    expect(result).toBe(refusal);
    expect(prompt).not.toHaveBeenCalled();
  });

  it('says so in a browser without WebAuthn', async () => {
    vi.stubGlobal('window', {});
    const options = vi.fn();
    const result = await createCredential({ options, verify: vi.fn(), message }, initial, new FormData(), {
      name: 'x',
    });
    expect(result).toEqual({ status: 'error', message: 'said: passkeyUnsupported', values: { name: 'x' } });
    expect(options).not.toHaveBeenCalled();
  });
});

describe('proveCredential', () => {
  it('leaves the form as it was when the page aborted the prompt', async () => {
    browser(async () => {
      throw Object.assign(new Error('aborted'), { name: 'AbortError' });
    });
    const previous: FormState = { status: 'error', message: 'earlier' };
    const result = await proveCredential(
      {
        options: async () => ({ status: 'ready', challengeId: 'c1', options: requestOptions }),
        verify: vi.fn(),
        message,
      },
      previous,
      new FormData(),
    );
    expect(result).toBe(previous);
  });
});

describe('ceremonyAnswer', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };
  const challengeId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
  const factorId = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it("reads a passkey's and a security key's answer with one parser", () => {
    expect(ceremonyAnswer(form({ challengeId, credential: '{"id":"x"}' }))).toEqual({
      challengeId,
      credential: { id: 'x' },
    });
    expect(ceremonyAnswer(form({ challengeId, factorId, credential: '{"id":"x"}' }), 'factor')).toEqual({
      challengeId,
      factorId,
      credential: { id: 'x' },
    });
  });

  it('refuses what only a crafted call sends', () => {
    expect(ceremonyAnswer(form({ challengeId, credential: '{"id":"x"}' }), 'factor')).toBeNull();
    expect(ceremonyAnswer(form({ challengeId: 'x', credential: '{}' }))).toBeNull();
    expect(ceremonyAnswer(form({ challengeId, credential: 'not json' }))).toBeNull();
    expect(ceremonyAnswer(form({ challengeId, credential: '[1]' }))).toBeNull();
    expect(ceremonyAnswer(form({ challengeId, credential: 'null' }))).toBeNull();
  });
});
