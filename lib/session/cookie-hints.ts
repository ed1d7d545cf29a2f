import { CONSENT_COOKIE } from '@/lib/consent/consent-cookie';
import { PRESENCE_HINT_COOKIE } from '@/lib/session/types';

// Pages are static and shared, so what depends on the visitor's cookies is decided here, before the header
// and the consent banner are parsed: the header never flashes the wrong variant, and the banner is part of the
// first paint instead of arriving after hydration (late, it would become the page's largest paint on short
// pages). One read of document.cookie for both. Without JavaScript neither attribute is set. A constant: the
// middleware's Content-Security-Policy allows it by its hash (lib/security/csp.ts).
export const cookieHintsScript = [
  'var c=document.cookie,d=document.documentElement.dataset;',
  `d.session=/(^|; )${PRESENCE_HINT_COOKIE}=[^;]/.test(c)?"in":"out";`,
  `d.consent=/(^|; )${CONSENT_COOKIE}=[^;]/.test(c)?"decided":"undecided"`,
].join('');
