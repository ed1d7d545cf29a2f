// Browser side of the service worker: registration and the polite update flow.
const SERVICE_WORKER_URL = '/serwist/sw.js';

let registration: Promise<ServiceWorkerRegistration | undefined> | undefined;

/** Registers once per page (the worker is an ES module bundled by esbuild). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return Promise.resolve(undefined);
  registration ??= navigator.serviceWorker
    .register(SERVICE_WORKER_URL, { scope: '/', type: 'module', updateViaCache: 'none' })
    .catch(() => undefined); // offline or blocked: the site works without it
  return registration;
}

/**
 * Calls `onWaiting` when a new worker has installed while an older one still controls this page,
 * now or later. Returns a cleanup function.
 */
export function watchForWaitingWorker(
  reg: ServiceWorkerRegistration,
  onWaiting: (worker: ServiceWorker) => void,
): () => void {
  const report = () => {
    if (reg.waiting && navigator.serviceWorker.controller) onWaiting(reg.waiting);
  };
  const onUpdateFound = () => {
    const installing = reg.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') report();
    });
  };
  report();
  reg.addEventListener('updatefound', onUpdateFound);
  return () => reg.removeEventListener('updatefound', onUpdateFound);
}

/** Activates the waiting worker, then reloads once it controls the page (only after the visitor asked). */
export function activateWaitingWorker(worker: ServiceWorker): void {
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' }); // handled by Serwist when skipWaiting is false
}
