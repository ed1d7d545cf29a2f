import { RestError } from '../errors.ts';

/** The bodies PostgREST answers with: JSON arrays, a single object, or CSV. */
export type Media = 'json' | 'object' | 'csv';

export interface Accepted {
  media: Media;
  /** `Accept: …;nulls=stripped`. */
  stripNulls: boolean;
}

/** Accept negotiation (PostgREST's MediaType): the first offered type it can produce. */
export function negotiate(accept: string | null): Accepted {
  if (!accept || !accept.trim()) return { media: 'json', stripNulls: false };
  const offered = accept.split(',').map((a) => a.trim());
  for (const item of offered) {
    const [type = '', ...params] = item.split(';').map((p) => p.trim().toLowerCase());
    const stripNulls = params.includes('nulls=stripped');
    if (type === 'application/json' || type === 'application/*' || type === '*/*' || type === '') {
      return { media: 'json', stripNulls: false };
    }
    if (type === 'application/vnd.pgrst.array+json') return { media: 'json', stripNulls };
    if (type === 'application/vnd.pgrst.object+json') return { media: 'object', stripNulls };
    if (type === 'text/csv') return { media: 'csv', stripNulls: false };
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${offered.join(', ')}`);
}
