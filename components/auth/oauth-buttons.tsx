'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useActionState } from 'react';
import { FormMessage } from '@/components/forms/form-message';
import { Button } from '@/components/ui/button';
import { isolated } from '@/i18n/isolate';
import { signInWithOAuth } from '@/lib/auth/actions/oauth';
import { oauthProviders } from '@/lib/auth/oauth-providers';
import { initialFormState } from '@/lib/forms/form-state';
import { FormContextFields } from './form-context-fields';

const providerNames = { github: 'GitHub', google: 'Google' } as const;

/** One form, one submit button per provider: works without JavaScript. */
export function OAuthButtons() {
  const t = useTranslations('AuthForm');
  const locale = useLocale();
  const [state, formAction] = useActionState(signInWithOAuth, initialFormState);
  return (
    <form action={formAction} className="grid gap-3">
      <FormContextFields locale={locale} />
      <FormMessage state={state} />
      <div className="grid gap-2 sm:grid-cols-2">
        {oauthProviders.map((provider) => (
          <Button key={provider} type="submit" name="provider" value={provider} variant="outline">
            {/* One flex item: the button's gap would otherwise sit between the words and the <bdi>. */}
            <span>{t.rich('continueWith', { provider: providerNames[provider], ...isolated })}</span>
          </Button>
        ))}
      </div>
    </form>
  );
}
