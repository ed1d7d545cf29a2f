import { isPrecacheName } from './cache-names';

/**
 * Deletes every Cache Storage cache except the precache (static build files and offline pages).
 * Works in the page and in the worker: both see the same per-origin Cache Storage.
 */
export async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !isPrecacheName(name)).map((name) => caches.delete(name)));
}
