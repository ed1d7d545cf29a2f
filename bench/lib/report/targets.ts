// The targets (issue 6). Missing one is reported, never a failure of the run.
export const TARGETS = {
  authRequestsPerSignedInView: 0,
  // Private pages confirm the session with the auth server, so a revoked one takes effect at once (issue 18).
  authRequestsPerPrivateView: 1,
  signedInToAnonymousThroughput: 0.9,
  anonymousToFloorThroughput: 0.4,
  homeFirstLoadJsKb: 160,
  lighthousePerformance: 98,
  lighthouseOther: 100,
  authServerReadyMs: 1500,
} as const;

export type Mark = 'pass' | 'miss' | 'n/a';

export const atLeast = (value: number, target: number): Mark => (Number.isFinite(value) ? (value >= target ? 'pass' : 'miss') : 'n/a');
export const atMost = (value: number, target: number): Mark => (Number.isFinite(value) ? (value <= target ? 'pass' : 'miss') : 'n/a');
