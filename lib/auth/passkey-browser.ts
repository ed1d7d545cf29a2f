import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { type PasskeyBrowserKey, passkeyBrowserErrorKey } from './passkey-errors';

// Browser only, and loaded on demand (import()) by the passkey components of the account and sign-in pages: the
// prompts of navigator.credentials.create/get through @simplewebauthn/browser. No Supabase client: the options
// come from and the answers go to the server actions in lib/auth/actions/passkeys.ts.

export { browserSupportsWebAuthn, browserSupportsWebAuthnAutofill };

/** The browser's answer as JSON for the server action, or why there is none (null: aborted by the page). */
type PromptResult = { ok: true; credential: string } | { ok: false; key: PasskeyBrowserKey | null };

async function prompt(timeoutMs: number | undefined, run: () => Promise<unknown>): Promise<PromptResult> {
  const started = performance.now();
  try {
    return { ok: true, credential: JSON.stringify(await run()) };
  } catch (error) {
    return {
      ok: false,
      key: passkeyBrowserErrorKey(error, { elapsedMs: performance.now() - started, timeoutMs }),
    };
  }
}

/** Asks the browser to create a passkey with the auth server's options. */
export function createPasskey(optionsJSON: PublicKeyCredentialCreationOptionsJSON): Promise<PromptResult> {
  return prompt(optionsJSON.timeout, () => startRegistration({ optionsJSON }));
}

/**
 * Asks the browser for one of this site's passkeys: in its own prompt, or (`autofill`) offered among the email
 * field's suggestions, where the request waits until the visitor picks one or the page cancels it.
 */
export function getPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
  autofill = false,
): Promise<PromptResult> {
  return prompt(autofill ? undefined : optionsJSON.timeout, () =>
    startAuthentication({ optionsJSON, useBrowserAutofill: autofill }),
  );
}

/** Ends the pending request, if any (its promise then settles as aborted: key null). */
export function cancelPasskeyPrompt(): void {
  WebAuthnAbortService.cancelCeremony();
}
