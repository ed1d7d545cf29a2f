import { cookieHintsScript } from '@/lib/session/cookie-hints';

/** The visitor's session and consent hints on <html>, before the page is parsed (lib/layout/cookie-hints.ts). */
export function CookieHintsScript() {
  return <script dangerouslySetInnerHTML={{ __html: cookieHintsScript }} />;
}
