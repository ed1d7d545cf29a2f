import { floorUrl, intlFloorUrl, productUrl } from '../ports.ts';
import type { LoadTarget } from './targets.ts';

export const FLOOR_ID = 'floor';

/** The load targets, floor first; signed-in ones only with a session cookie. */
export function pageTargets(cookieHeader: string | undefined): LoadTarget[] {
  const signedIn = cookieHeader ? { Cookie: cookieHeader } : undefined;
  const unavailable = cookieHeader ? undefined : 'no signed-in session (auth server unavailable)';
  return [
    { id: FLOOR_ID, label: 'floor /', url: `${floorUrl}/` },
    { id: 'intl-floor', label: 'intl-floor /en', url: `${intlFloorUrl}/en` },
    { id: 'product-anonymous', label: 'product /en anonymous', url: `${productUrl}/en` },
    { id: 'product-signed-in', label: 'product /en signed in', url: `${productUrl}/en`, headers: signedIn, unavailable },
    { id: 'product-account', label: 'product /en/account signed in', url: `${productUrl}/en/account`, headers: signedIn, unavailable },
  ];
}
