import type { Metadata } from 'next';
import { useLocale, useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { SignOutForm } from '@/components/auth/sign-out-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('UserMenu');
  return { title: t('signOut'), robots: { index: false } };
}

/** A static page with the sign-out form: where the header sends browsers without JavaScript. */
export default function SignOutPage() {
  const t = useTranslations('UserMenu');
  return (
    <AuthCard title={t('signOut')}>
      <SignOutForm locale={useLocale()} label={t('signOut')} className="justify-self-start" />
    </AuthCard>
  );
}
