// Cache Storage names. Everything that is not the precache is a "runtime" cache and is cleared on sign-out.
const RUNTIME_CACHE_PREFIX = 'polyglot-runtime-';

export const runtimeCacheNames = {
  staticAssets: `${RUNTIME_CACHE_PREFIX}static`,
  fonts: `${RUNTIME_CACHE_PREFIX}fonts`,
  icons: `${RUNTIME_CACHE_PREFIX}icons`,
  /** Public static pages kept for offline use (route table: worker 'offline-copy'). */
  pages: `${RUNTIME_CACHE_PREFIX}pages`,
} as const;

/** Serwist names its precache `serwist-precache-v2-<scope>`; only that survives a sign-out. */
export function isPrecacheName(name: string): boolean {
  return name.startsWith('serwist-precache');
}
