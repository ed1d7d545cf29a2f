// The benchmark's targets and where they come from: docs/decisions/0003-benchmark-targets.md. Missing one is
// reported, never a failure of the run.
export const TARGETS = {
  authRequestsPerSignedInView: 0,
  // The account page confirms the session with the auth server, so a revoked one takes effect at once (decision 0004),
  // and lists the passkeys (GET /passkeys: GoTrue's user object does not carry them; its factors it does).
  authRequestsPerPrivateView: 2,
  // A user with a second factor: the account page also asks how many recovery codes are left.
  authRequestsForRecoveryCodes: 1,
  signedInToAnonymousThroughput: 0.9,
  // Anonymous /en ÷ floor /, measured with wrk in the same rounds.
  anonymousToFloorThroughput: 0.4,
  anonymousToFloorThroughputCompressed: 0.35,
  // Anonymous /en ÷ intl-floor /en (the stock next-intl middleware on a one-heading page).
  anonymousToIntlFloorThroughput: 1.5,
  // /en/sign-in anonymous ÷ floor /, uncompressed.
  signInToFloorThroughput: 0.35,
  // Each private page added after the account page, its app CPU per view ÷ the account page's.
  newPageToAccountCpu: 1.2,
  // The signed-in shell's app CPU per view ÷ the bare dynamic page's.
  shellToDynamicCpu: 2,
  // 2× the 106–114 req/s /en/account signed in answered on 2026-11-26 (16 connections, quiet machine).
  accountThroughputRps: 220,
  homeFirstLoadJsKb: 160,
  signInFirstLoadJsKb: 175,
  // Simulated throttling: at most this many points under the floor's median in the same sitting.
  lighthouseSimulateBelowFloor: 2,
  lighthouseDevtoolsPerformance: 98,
  lighthouseOther: 100,
  authServerReadyMs: 1500,
  // A primary-key select through the Data API, beside Auth's GET /user (about 1,100 on 2026-11-25).
  restPrimaryKeySelectRps: 1000,
} as const;

/** The visitor with an authenticator app, signed in with it: their account page also asks for the recovery codes. */
export const twoFactorVisitor = 'two-factor, aal2';

export type Mark = 'pass' | 'miss' | 'n/a';

export const atLeast = (value: number, target: number): Mark =>
  Number.isFinite(value) ? (value >= target ? 'pass' : 'miss') : 'n/a';
export const atMost = (value: number, target: number): Mark =>
  Number.isFinite(value) ? (value <= target ? 'pass' : 'miss') : 'n/a';
