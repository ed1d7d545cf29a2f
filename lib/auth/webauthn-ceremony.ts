import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { FormState } from '@/lib/forms/form-state';
import type { PasskeyBrowserKey } from './passkey-errors';

// Browser: one WebAuthn ceremony from a form, for passkeys and security keys alike. The server action of step 1
// gives the options, the browser prompts (lib/auth/passkey-browser.ts, loaded on demand), and the answer goes to the
// server action of step 2 on the same form data, which the auth server then checks.

/** Step 1's answer: a challenge ready for the prompt (a security key's names its factor), or why not. */
type Options<T> = { status: 'ready'; challengeId: string; options: T; factorId?: string } | FormState;

export interface CeremonySteps<T, State extends FormState> {
  /** Step 1, a server action: the auth server's options for this form. */
  options: (formData: FormData) => Promise<Options<T>>;
  /** Step 2, a server action: the form again, with `challengeId`, `credential` and (a key's) `factorId` set. */
  verify: (previous: State, formData: FormData) => Promise<State>;
  /** The words for what the browser reported (AuthErrors). */
  message: (key: PasskeyBrowserKey) => string;
}

type Browser = typeof import('./passkey-browser');
type Prompt<T> = (browser: Browser, options: T) => ReturnType<Browser['createPasskey']>;

async function ceremony<T, State extends FormState>(
  prompt: Prompt<T>,
  steps: CeremonySteps<T, State>,
  previous: State,
  formData: FormData,
  values?: Record<string, string>,
): Promise<State | FormState> {
  const browser = await import('./passkey-browser');
  if (!browser.browserSupportsWebAuthn())
    return { status: 'error', message: steps.message('passkeyUnsupported'), values };
  const options = await steps.options(formData);
  if (options.status !== 'ready') return options;
  const answer = await prompt(browser, options.options);
  // Aborted by the page itself (it moved on, or a newer prompt replaced this one): nothing to say.
  if (!answer.ok)
    return answer.key ? { status: 'error', message: steps.message(answer.key), values } : previous;
  if (options.factorId) formData.set('factorId', options.factorId);
  formData.set('challengeId', options.challengeId);
  formData.set('credential', answer.credential);
  return steps.verify(previous, formData);
}

/** A new credential (a passkey, a security key): `values` are what the form keeps when the browser says no. */
export function createCredential<State extends FormState>(
  steps: CeremonySteps<PublicKeyCredentialCreationOptionsJSON, State>,
  previous: State,
  formData: FormData,
  values?: Record<string, string>,
): Promise<State | FormState> {
  return ceremony((browser, options) => browser.createPasskey(options), steps, previous, formData, values);
}

/** A proof with one of this site's credentials, in the browser's own prompt. */
export function proveCredential<State extends FormState>(
  steps: CeremonySteps<PublicKeyCredentialRequestOptionsJSON, State>,
  previous: State,
  formData: FormData,
): Promise<State | FormState> {
  return ceremony((browser, options) => browser.getPasskey(options), steps, previous, formData);
}
