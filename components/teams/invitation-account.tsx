import { getTranslations } from 'next-intl/server';
import { AuthMessages } from '@/components/auth/auth-messages';
import { SignInForm } from '@/components/auth/sign-in-form';
import { SignUpForm } from '@/components/auth/sign-up-form';
import { TextLink } from '@/components/auth/text-link';

/**
 * An invitation's page, signed out: the sign-in form (or, with `?account=new`, the sign-up form) right on the page,
 * the invited address filled in and the invitation as `next`. This page renders per request, so both are in its
 * HTML and work without JavaScript; the sign-in and sign-up pages stay prerendered and the same for everyone. The
 * other ways in (passkey, email code, OAuth) are on the sign-in page, which fills the address in with JavaScript.
 */
export async function InvitationAccount({
  next,
  email,
  newAccount,
}: {
  /** The invitation's path, to come back to. */
  next: string;
  email: string;
  newAccount: boolean;
}) {
  const [t, signIn, signUp] = await Promise.all([
    getTranslations('Teams'),
    getTranslations('SignIn'),
    getTranslations('SignUp'),
  ]);
  return (
    <section className="grid gap-4" aria-labelledby="invitation-account-title">
      <p>{t('invitationSignInFirst')}</p>
      <h2 id="invitation-account-title" className="text-lg font-semibold">
        {newAccount ? t('signUpToAccept') : t('signInToAccept')}
      </h2>
      <AuthMessages>
        {newAccount ? <SignUpForm email={email} next={next} /> : <SignInForm email={email} next={next} />}
      </AuthMessages>
      {newAccount ? (
        <p>
          {signUp('haveAccount')} <TextLink href={next}>{signUp('signIn')}</TextLink>
        </p>
      ) : (
        <>
          <p>
            {signIn('noAccount')}{' '}
            <TextLink href={{ pathname: next, query: { account: 'new' } }}>{t('signUpToAccept')}</TextLink>
          </p>
          <TextLink
            href={{ pathname: '/sign-in', query: { next, email } }}
            className="justify-self-start text-sm"
          >
            {t('otherSignInWays')}
          </TextLink>
        </>
      )}
    </section>
  );
}
