'use client';

import { useEffect, useRef } from 'react';

/**
 * Server actions have no route params: each auth form posts its language, and the `next` of the page's address
 * (read in the browser, so the page itself stays static; without JavaScript the action reads the Referer).
 */
export function FormContextFields({ locale }: { locale: string }) {
  const next = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (next.current) next.current.value = new URLSearchParams(window.location.search).get('next') ?? '';
  }, []);
  return (
    <>
      <input type="hidden" name="locale" value={locale} />
      <input ref={next} type="hidden" name="next" defaultValue="" />
    </>
  );
}
