import type { Metadata } from 'next';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { AuthMessages } from '@/components/auth/auth-messages';
import { EmailCodeForm } from '@/components/auth/email-code-form';
import { ResendConfirmation } from '@/components/auth/resend-confirmation';
import { TextLink } from '@/components/auth/text-link';
import { isolated } from '@/i18n/isolate';
import { emailCodeFormName } from '@/lib/auth/link-verification';
import { pendingEmail } from '@/lib/auth/pending-email-cookie';
import { noScriptAnswer } from '@/lib/forms/no-script-state';
import { pageMetadata } from '@/lib/seo/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('CheckEmail');
  return pageMetadata('/sign-up/check-email', { title: t('title') });
}

async function CheckEmailContent() {
  const t = await getTranslations('CheckEmail');
  const tc = await getTranslations('EmailCode');
  const email = await pendingEmail();
  return (
    <AuthMessages>
      <p data-testid="check-email-description">
        {email ? t.rich('description', { email, ...isolated }) : t('descriptionUnknown')}
      </p>
      {email ? (
        <EmailCodeForm
          email={email}
          type="signup"
          label={tc('code')}
          submitLabel={tc('signupSubmit')}
          answer={await noScriptAnswer(emailCodeFormName('signup'))}
        />
      ) : null}
      <ResendConfirmation />
    </AuthMessages>
  );
}

export default function CheckEmailPage() {
  const t = useTranslations('CheckEmail');
  return (
    <AuthCard
      title={t('title')}
      footer={
        <p>
          {t('wrongAddress')} <TextLink href="/sign-up">{t('startOver')}</TextLink>
        </p>
      }
    >
      <CheckEmailContent />
    </AuthCard>
  );
}
