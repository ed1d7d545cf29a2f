import { PRESENCE_HINT_COOKIE } from '@/lib/session/types';
import { CONSENT_COOKIE } from '@/lib/consent/consent-cookie';

// Pages are static and shared, so what depends on the visitor's cookies is decided here, before the header
// and the consent banner are parsed: the header never flashes the wrong variant, and the banner is part of the
// first paint instead of arriving after hydration (late, it would become the page's largest paint on short
// pages). One read of document.cookie for both. Without JavaScript neither attribute is set.
const script = [
  'var c=document.cookie,d=document.documentElement.dataset;',
  `d.session=/(^|; )${PRESENCE_HINT_COOKIE}=[^;]/.test(c)?"in":"out";`,
  `d.consent=/(^|; )${CONSENT_COOKIE}=[^;]/.test(c)?"decided":"undecided"`,
].join('');

export function CookieHintsScript() {
  return <script dangerouslySetInnerHTML={{ __html: script }} />;
}
