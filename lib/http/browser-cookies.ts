// The few cookies browser code reads or writes itself (language choice, consent, session hint), in one place.

/** The raw (still URI-encoded) value of a cookie, or undefined. */
export function readBrowserCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  return document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(prefix))
    ?.slice(prefix.length);
}

/** A first-party, SameSite=Lax cookie for the whole site; Secure whenever the page is served over https. */
export function writeBrowserCookie(name: string, value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}
