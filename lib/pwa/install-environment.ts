/** True when the app already runs installed (its own window or a home-screen launch on iOS). */
export function runsInstalled(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia('(display-mode: standalone)').matches;
}

/**
 * iOS Safari has no install prompt: installing is "Share → Add to Home Screen". iPadOS reports a
 * Mac user agent, so touch support tells them apart. Other iOS browsers (CriOS, FxiOS, EdgiOS) are excluded.
 */
export function isIosSafari(userAgent: string, maxTouchPoints: number): boolean {
  const appleMobile =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  return appleMobile && /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(userAgent);
}
