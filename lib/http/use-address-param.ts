import { useBrowserValue } from '@/lib/use-browser-value';

/**
 * A query parameter of the page's address, read in the browser once hydrated (null on the server and in the
 * prerendered HTML), so a page that uses it can stay static instead of rendering per request.
 */
export function useAddressParam(name: string): string | null {
  return useBrowserValue(
    () => new URLSearchParams(window.location.search).get(name),
    () => null,
  );
}
