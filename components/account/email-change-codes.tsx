import { getTranslations } from 'next-intl/server';
import { EmailCodeForm } from '@/components/auth/email-code-form';
import { isolated, isolatedText } from '@/i18n/isolate';
import { secureEmailChange } from '@/lib/auth/email-change';
import { emailCodeFormName } from '@/lib/auth/link-verification';
import { noScriptAnswer } from '@/lib/forms/no-script-state';

/**
 * While an email change waits for confirmation, a code field for each address that was mailed one: the new one,
 * and with secure email change the current one too (GoTrue checks each code against the address it went to).
 */
export async function EmailChangeCodes({ current, pending }: { current: string; pending: string }) {
  const t = await getTranslations('EmailCode');
  const answer = await noScriptAnswer(emailCodeFormName('email_change'));
  const addresses = secureEmailChange && current ? [current, pending] : [pending];
  return (
    <div className="grid gap-4 border-t pt-4" data-testid="email-change-codes">
      <p className="text-sm text-muted-foreground">
        {addresses.length > 1
          ? t.rich('emailChangeBoth', { current, pending, ...isolated })
          : t.rich('emailChangeOne', { email: pending, ...isolated })}
      </p>
      {addresses.map((address, index) => (
        <EmailCodeForm
          key={address}
          email={address}
          type="email_change"
          idPrefix={`email-change-code-${index}`}
          label={t.markup('codeSentTo', { email: address, ...isolatedText })}
          submitLabel={t('emailChangeSubmit')}
          answer={answer?.values?.email === address ? answer : undefined}
          submitVariant={index === 0 ? 'default' : 'secondary'}
        />
      ))}
    </div>
  );
}
