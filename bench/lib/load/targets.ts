import { refreshedSession } from '../auth/fresh-session.ts';

export type Encoding = 'identity' | 'compressed';

export interface LoadTarget {
  id: string;
  label: string;
  url: string;
  headers?: Record<string, string>;
  /** `identity`: no compression; `compressed`: `Accept-Encoding: gzip, deflate, br`, as browsers send. */
  encoding: Encoding;
  /** The floor measured with the same encoding: this target's ratios are taken against it. */
  floorId: string;
  /** The server processes answering it (keys of the pid map), whose CPU time per request is recorded. */
  servers: string[];
  /** Set when the target cannot be measured (e.g. a page that does not exist yet); it is reported, not loaded. */
  unavailable?: string;
}

/** One request without following redirects: a target must answer 200 as is, or it is reported as unavailable. */
export async function checkAvailable<
  T extends { url: string; headers?: Record<string, string>; unavailable?: string },
>(target: T): Promise<T & { unavailable?: string }> {
  if (target.unavailable) return target;
  try {
    const response = await fetch(target.url, { headers: target.headers, redirect: 'manual' });
    await response.arrayBuffer();
    // A signed-in answer that refreshed the session would measure a refresh in every request (no cookie is kept).
    if (
      response.status === 200 &&
      target.headers?.Cookie &&
      refreshedSession(response.headers.getSetCookie())
    )
      return { ...target, unavailable: 'refreshed the session (its access token was about to expire)' };
    if (response.status === 200) return target;
    const location = response.headers.get('location');
    return { ...target, unavailable: `answers ${response.status}${location ? ` → ${location}` : ''}` };
  } catch (error) {
    return { ...target, unavailable: `unreachable: ${(error as Error).message}` };
  }
}
