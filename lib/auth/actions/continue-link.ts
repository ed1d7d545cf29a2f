'use server';

import { redirect } from 'next/navigation';
import { getPathname } from '@/i18n/navigation';
import { linkErrorPath } from '@/lib/auth/auth-routes';
import { isEmailOtpType, isTokenHash, linkFlow, verifyEmailLink } from '@/lib/auth/link-verification';
import { asFormData } from '@/lib/forms/form-action';
import { publicAction } from '@/lib/guard/action';

/** The "Continue" button of an emailed link (app/[locale]/auth/continue): only this POST uses the token up. */
export async function continueEmailLink(posted: FormData): Promise<never> {
  // A crafted call may pass anything: it reads as an empty form, an invalid link.
  const formData = asFormData(posted);
  const { locale } = publicAction(formData);
  const type = formData.get('type');
  const tokenHash = formData.get('token_hash');
  const next = formData.get('next');
  if (!isTokenHash(tokenHash) || !isEmailOtpType(type))
    redirect(linkErrorPath(locale, 'invalid', linkFlow(type, next)));
  redirect(
    await verifyEmailLink({
      locale,
      next,
      type,
      tokenHash,
      requestPath: getPathname({ href: '/auth/continue', locale }),
    }),
  );
}
