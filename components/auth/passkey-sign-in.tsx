'use client';

import { KeyRound, LoaderCircle } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { startTransition, useEffect, useRef, useState } from 'react';
import { FormMessage } from '@/components/forms/form-message';
import { Button } from '@/components/ui/button';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { signInWithPasskey } from '@/lib/auth/actions/passkeys';
import type { PasskeyOptions } from '@/lib/auth/passkey-options';
import type { PasskeyBrowserKey } from '@/lib/auth/passkey-errors';
import { type FormState, initialFormState } from '@/lib/forms/form-state';
import { useHydrated } from '@/lib/use-browser-value';

// Fresh options this long before the auth server's challenge expires, so a passkey picked from autofill later
// is never answered with an expired challenge.
const renewBeforeMs = 30_000;

/**
 * The sign-in challenge from its route handler (app/[locale]/auth/passkey-options), or why there is none; null when
 * the app itself did not answer (offline, or no JSON).
 */
async function challenge(
  locale: string,
): Promise<PasskeyOptions<PublicKeyCredentialRequestOptionsJSON> | null> {
  try {
    const response = await fetch(`/${locale}/auth/passkey-options`, { cache: 'no-store' });
    return response.ok ? await response.json() : null;
  } catch {
    // A network error or a body that is not JSON: answered as no challenge, which the caller words.
    return null;
  }
}

type Outcome =
  { kind: 'message'; state: FormState } | { kind: 'browser'; key: PasskeyBrowserKey } | { kind: 'quiet' };

/**
 * "Sign in with a passkey", and the same passkeys offered among the email field's suggestions (conditional
 * mediation) where the browser can. The WebAuthn code loads only when this page needs it.
 */
export function PasskeySignIn() {
  const t = useTranslations('Passkeys');
  const te = useTranslations('AuthErrors');
  const locale = useLocale();
  const hydrated = useHydrated();
  const [pending, setPending] = useState(false);
  const [state, setState] = useState<FormState>(initialFormState);
  // Bumped after a prompt of the button ends without signing in: the autofill request starts again.
  const [autofillRound, setAutofillRound] = useState(0);
  // The autofill request in progress; the button's prompt replaces it (and the browser aborts it).
  const autofillTurn = useRef(0);

  /** One ceremony: options, the browser's prompt, the answer to the server (which redirects on success). */
  async function ceremony(autofill: boolean, isCurrent: () => boolean): Promise<Outcome> {
    const browser = await import('@/lib/auth/passkey-browser');
    if (!browser.browserSupportsWebAuthn())
      return autofill ? { kind: 'quiet' } : { kind: 'browser', key: 'passkeyUnsupported' };
    if (autofill && !(await browser.browserSupportsWebAuthnAutofill())) return { kind: 'quiet' };
    const context = new FormData();
    context.set('locale', locale);
    // Read when the ceremony starts: the autofill request may begin before hydration has read the address.
    context.set('next', new URLSearchParams(window.location.search).get('next') ?? '');
    const options =
      (await challenge(locale)) ??
      ({ status: 'error', message: te('serviceUnavailable') } satisfies FormState);
    // Autofill is an offer, not a request: when the server cannot give one, the page simply goes without.
    if (options.status !== 'ready') return autofill ? { kind: 'quiet' } : { kind: 'message', state: options };
    if (!isCurrent()) return { kind: 'quiet' };

    const renew = autofill
      ? setTimeout(() => browser.cancelPasskeyPrompt(), options.expiresAt * 1000 - Date.now() - renewBeforeMs)
      : undefined;
    const answer = await browser.getPasskey(options.options, autofill);
    clearTimeout(renew);
    if (!answer.ok) {
      // Aborted: renewed before the challenge expired (go round again), or replaced by the button's prompt.
      if (!answer.key) return autofill && isCurrent() ? ceremony(true, isCurrent) : { kind: 'quiet' };
      // The suggestions were dismissed or refused: nobody asked for a prompt, so nothing to say.
      return autofill ? { kind: 'quiet' } : { kind: 'browser', key: answer.key };
    }
    context.set('challengeId', options.challengeId);
    context.set('credential', answer.credential);
    setPending(true);
    const result = await signInWithPasskey(initialFormState, context);
    setPending(false);
    // Signed in: the action redirected, and the page is on its way out.
    return result ? { kind: 'message', state: result } : { kind: 'quiet' };
  }

  function show(outcome: Outcome) {
    if (outcome.kind === 'message') setState(outcome.state);
    if (outcome.kind === 'browser') setState({ status: 'error', message: te(outcome.key) });
  }

  useEffect(() => {
    let mounted = true;
    const turn = ++autofillTurn.current;
    const isCurrent = () => mounted && autofillTurn.current === turn;
    ceremony(true, isCurrent).then(
      (outcome) => {
        if (!isCurrent()) return;
        show(outcome);
        // The auth server refused a passkey picked from the suggestions: offer them again, with a new challenge.
        if (outcome.kind === 'message') setAutofillRound((round) => round + 1);
      },
      () => {
        // An unexpected failure of the offer itself: the button and the password form still work.
      },
    );
    return () => {
      mounted = false;
      import('@/lib/auth/passkey-browser').then((browser) => browser.cancelPasskeyPrompt());
    };
    // One autofill request per round; `ceremony` reads the locale and `next` when it runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autofillRound]);

  function signIn() {
    autofillTurn.current++;
    setState(initialFormState);
    setPending(true);
    startTransition(async () => {
      const outcome = await ceremony(false, () => true);
      setPending(false);
      show(outcome);
      setAutofillRound((round) => round + 1);
    });
  }

  return (
    <div className="grid gap-3">
      <FormMessage state={state} />
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={!hydrated}
        aria-disabled={pending || undefined}
        onClick={() => pending || signIn()}
      >
        {pending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <KeyRound aria-hidden="true" />
        )}
        {pending ? t('waiting') : t('signIn')}
      </Button>
      {/* Why the button stays grey without JavaScript (with it, the browser never renders this). */}
      <noscript>
        <p className="text-sm text-muted-foreground">{t('needsScript')}</p>
      </noscript>
    </div>
  );
}
