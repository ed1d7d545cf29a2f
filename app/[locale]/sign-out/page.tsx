import type { Metadata } from 'next';
import { useLocale, useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { AuthCard } from '@/components/auth/auth-card';
import { SignOutForm } from '@/components/auth/sign-out-form';
import { pageMetadata } from '@/lib/seo/page-metadata';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('UserMenu');
  return pageMetadata('/sign-out', { title: t('signOut') });
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
