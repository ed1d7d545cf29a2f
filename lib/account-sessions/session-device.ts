import { describeDevice } from '@/lib/auth/passkey-device-name';

// A session's device in words ("Chrome on Windows"), from the User-Agent the auth server recorded: the key of the
// Sessions message to show and its values. Brand names are not translated; the sentence around them is.

export type SessionDevice =
  | { key: 'browserOnSystem'; values: { browser: string; os: string } }
  | { key: 'browserOnly'; values: { browser: string } }
  | { key: 'someBrowserOn'; values: { os: string } }
  | { key: 'unknownDevice'; values: Record<string, never> };

/** Longer than any browser's User-Agent: a recorded value past it is not read. */
const maxLength = 1024;

export function sessionDevice(userAgent: string | null): SessionDevice {
  const { browser, os } =
    userAgent && userAgent.length <= maxLength ? describeDevice(userAgent) : { browser: null, os: null };
  if (browser && os) return { key: 'browserOnSystem', values: { browser, os } };
  if (browser) return { key: 'browserOnly', values: { browser } };
  if (os) return { key: 'someBrowserOn', values: { os } };
  return { key: 'unknownDevice', values: {} };
}
