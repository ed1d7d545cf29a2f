'use client';

import { useAddressParam } from '@/lib/http/use-address-param';

/**
 * Server actions have no route params: each auth form posts its language, and the `next` of the page's address
 * (read in the browser, so the page itself stays static; without JavaScript the action reads the Referer).
 */
export function FormContextFields({ locale }: { locale: string }) {
  const next = useAddressParam('next');
  return (
    <>
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="next" value={next ?? ''} />
    </>
  );
}
