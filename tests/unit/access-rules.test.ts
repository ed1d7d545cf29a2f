import { describe, expect, it } from 'vitest';
import { accessRedirect, isPrivatePath } from '@/lib/routes/access-rules';
import { isAuthCookieName } from '@/lib/supabase/config';

const search = (query = '') => new URLSearchParams(query);

describe('accessRedirect', () => {
  it('sends signed-out visitors of account pages to sign-in with the page as next', () => {
    expect(
      accessRedirect({ locale: 'de', path: '/account', search: search('tab=email'), signedIn: false }),
    ).toBe('/de/sign-in?next=%2Faccount%3Ftab%3Demail');
    expect(
      accessRedirect({ locale: 'en', path: '/account/security', search: search(), signedIn: false }),
    ).toBe('/en/sign-in?next=%2Faccount%2Fsecurity');
    // When the auth server could not be asked, sign-in says so rather than suggesting the session ended.
    expect(
      accessRedirect({
        locale: 'fr',
        path: '/account',
        search: search(),
        signedIn: false,
        authUnreachable: true,
      }),
    ).toBe('/fr/sign-in?next=%2Faccount&status=unavailable');
    // A session the auth server refused (timebox, inactivity, ended elsewhere): sign-in says it ended.
    expect(
      accessRedirect({
        locale: 'ja',
        path: '/account',
        search: search(),
        signedIn: false,
        sessionEnded: true,
      }),
    ).toBe('/ja/sign-in?next=%2Faccount&status=session-ended');
    expect(
      accessRedirect({
        locale: 'ja',
        path: '/sign-in/verify',
        search: search(),
        signedIn: false,
        sessionEnded: true,
      }),
    ).toBe('/ja/sign-in?next=%2Faccount&status=session-ended');
  });

  it('sends signed-in users away from sign-in and sign-up, to a safe next or their account', () => {
    expect(accessRedirect({ locale: 'ar', path: '/sign-in', search: search(), signedIn: true })).toBe(
      '/ar/account',
    );
    expect(
      accessRedirect({ locale: 'en', path: '/sign-up', search: search('next=%2Fabout'), signedIn: true }),
    ).toBe('/en/about');
    expect(
      accessRedirect({
        locale: 'en',
        path: '/sign-in',
        search: search('next=%2F%2Fevil.example'),
        signedIn: true,
      }),
    ).toBe('/en/account');
  });

  it('lets everything else through', () => {
    expect(accessRedirect({ locale: 'en', path: '/', search: search(), signedIn: false })).toBeNull();
    expect(
      accessRedirect({ locale: 'en', path: '/accounting', search: search(), signedIn: false }),
    ).toBeNull();
    expect(accessRedirect({ locale: 'en', path: '/account', search: search(), signedIn: true })).toBeNull();
    expect(
      accessRedirect({ locale: 'en', path: '/sign-in/email-link', search: search(), signedIn: true }),
    ).toBeNull();
  });
});

describe('accessRedirect with a second factor owed', () => {
  const pending = { signedIn: true, secondFactorPending: true } as const;

  it('sends every private page to the code step, keeping the page (and its query) as next', () => {
    expect(accessRedirect({ locale: 'en', path: '/account', search: search(), ...pending })).toBe(
      '/en/sign-in/verify?next=%2Faccount',
    );
    expect(
      accessRedirect({ locale: 'ar', path: '/account/security', search: search('tab=x'), ...pending }),
    ).toBe('/ar/sign-in/verify?next=%2Faccount%2Fsecurity%3Ftab%3Dx');
  });

  it('sends sign-in and sign-up to the code step too, with their safe next', () => {
    expect(
      accessRedirect({
        locale: 'de',
        path: '/sign-in',
        search: search('next=%2Faccount%23email'),
        ...pending,
      }),
    ).toBe('/de/sign-in/verify?next=%2Faccount%23email');
    expect(
      accessRedirect({
        locale: 'en',
        path: '/sign-up',
        search: search('next=https%3A%2F%2Fevil.example'),
        ...pending,
      }),
    ).toBe('/en/sign-in/verify?next=%2Faccount');
  });

  it('opens the code step only while the code is owed', () => {
    expect(
      accessRedirect({
        locale: 'en',
        path: '/sign-in/verify',
        search: search('next=%2Faccount'),
        ...pending,
      }),
    ).toBeNull();
    // Already at aal2, or no factor: on to next (a safe one).
    expect(
      accessRedirect({
        locale: 'ja',
        path: '/sign-in/verify',
        search: search('next=%2Faccount%3Fupdated%3Demail'),
        signedIn: true,
      }),
    ).toBe('/ja/account?updated=email');
    expect(
      accessRedirect({
        locale: 'en',
        path: '/sign-in/verify',
        search: search('next=%2F%2Fevil.example'),
        signedIn: true,
        secondFactorPending: false,
      }),
    ).toBe('/en/account');
    // Signed out: sign in first, coming back to the page that was asked for (which asks for the code if needed).
    expect(
      accessRedirect({
        locale: 'fr',
        path: '/sign-in/verify',
        search: search('next=%2Faccount'),
        signedIn: false,
      }),
    ).toBe('/fr/sign-in?next=%2Faccount');
    expect(
      accessRedirect({
        locale: 'fr',
        path: '/sign-in/verify',
        search: search(),
        signedIn: false,
        authUnreachable: true,
      }),
    ).toBe('/fr/sign-in?next=%2Faccount&status=unavailable');
  });

  it('leaves public pages alone', () => {
    expect(accessRedirect({ locale: 'en', path: '/', search: search(), ...pending })).toBeNull();
    expect(accessRedirect({ locale: 'en', path: '/sign-out', search: search(), ...pending })).toBeNull();
    expect(
      accessRedirect({ locale: 'en', path: '/sign-in/email-link', search: search(), ...pending }),
    ).toBeNull();
  });
});

describe('isPrivatePath', () => {
  it("marks the route table's private routes private", () => {
    expect(isPrivatePath('/account')).toBe(true);
    expect(isPrivatePath('/reset-password')).toBe(true);
    expect(isPrivatePath('/sign-up/check-email')).toBe(true);
    expect(isPrivatePath('/auth/callback')).toBe(true);
    expect(isPrivatePath('/account/security')).toBe(true);
    expect(isPrivatePath('/sign-in/verify')).toBe(true);
    expect(isPrivatePath('/sign-in')).toBe(false);
    expect(isPrivatePath('/no-such-page')).toBe(false);
  });
});

describe('isAuthCookieName', () => {
  it('recognises session cookies and their chunks, not PKCE verifiers', () => {
    expect(isAuthCookieName('sb-127-auth-token')).toBe(true);
    expect(isAuthCookieName('sb-abcdefgh-auth-token.0')).toBe(true);
    expect(isAuthCookieName('sb-127-auth-token-code-verifier')).toBe(false);
    expect(isAuthCookieName('NEXT_LOCALE')).toBe(false);
  });
});
