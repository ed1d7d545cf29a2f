'use client';

import { KeyRound, LoaderCircle } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { startTransition, useState } from 'react';
import { FormMessage } from '@/components/forms/form-message';
import { Button } from '@/components/ui/button';
import { isolated } from '@/i18n/isolate';
import { securityKeySignInOptions, verifyWithSecurityKey } from '@/lib/auth/actions/security-keys';
import { proveCredential } from '@/lib/auth/webauthn-ceremony';
import { type FormState, initialFormState } from '@/lib/forms/form-state';
import { useHydrated } from '@/lib/use-browser-value';

interface KeyFactor {
  id: string;
  name: string;
}

/**
 * The code step with a security key or passkey: the factor's challenge, the browser's prompt, the signature to the
 * server, which raises the session to aal2 and redirects. One button per key (each factor holds one credential).
 * WebAuthn needs JavaScript: without it the buttons stay disabled and say why.
 */
export function SecurityKeyVerify({ keys }: { keys: KeyFactor[] }) {
  const t = useTranslations('SecurityKeys');
  const te = useTranslations('AuthErrors');
  const locale = useLocale();
  const hydrated = useHydrated();
  const [pending, setPending] = useState<string | null>(null);
  const [state, setState] = useState<FormState>(initialFormState);

  function ceremony(factorId: string): Promise<FormState | undefined> {
    const context = new FormData();
    context.set('locale', locale);
    context.set('next', new URLSearchParams(window.location.search).get('next') ?? '');
    context.set('factorId', factorId);
    // Verified: the action redirected, and the page is on its way out.
    return proveCredential(
      { options: securityKeySignInOptions, verify: verifyWithSecurityKey, message: (key) => te(key) },
      initialFormState,
      context,
    );
  }

  function use(factorId: string) {
    setState(initialFormState);
    setPending(factorId);
    startTransition(async () => {
      const outcome = await ceremony(factorId);
      setPending(null);
      if (outcome) setState(outcome);
    });
  }

  return (
    <div className="grid gap-3" data-testid="security-key-verify">
      <FormMessage state={state} />
      {keys.map((key) => (
        <Button
          key={key.id}
          type="button"
          variant="outline"
          className="w-full"
          disabled={!hydrated}
          aria-disabled={pending !== null || undefined}
          onClick={() => pending === null && use(key.id)}
        >
          {pending === key.id ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <KeyRound aria-hidden="true" />
          )}
          {pending === key.id
            ? t('waiting')
            : keys.length > 1
              ? t.rich('useNamed', { name: key.name, ...isolated })
              : t('use')}
        </Button>
      ))}
      {hydrated ? null : <p className="text-sm text-muted-foreground">{t('needsScript')}</p>}
    </div>
  );
}
