'use client';

import { useAddressParam } from '@/lib/http/use-address-param';

/**
 * Server actions have no route params: each auth form posts its language, and the `next` of the page's address
 * (read in the browser, so the page itself stays static; without JavaScript the action reads the Referer). A page
 * rendered per request (an invitation's) hands its `next` in instead, so it is in the HTML.
 */
export function FormContextFields({ locale, next }: { locale: string; next?: string }) {
  const addressNext = useAddressParam('next');
  return (
    <>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="next" value={next ?? addressNext ?? ''} />
    </>
  );
}
