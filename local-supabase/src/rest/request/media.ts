import { RestError } from '../errors.ts';

/** The bodies PostgREST answers with: JSON arrays, a single object, or CSV. */
export type Media = 'json' | 'object' | 'csv';

/** `application/vnd.pgrst.plan[+json|+text]; for="…"; options=analyze|verbose|…`: EXPLAIN instead of the answer. */
export interface PlanMedia {
  format: 'json' | 'text';
  options: string[];
  /** The media type the plan is for, as it is written back in Content-Type. */
  for: string;
}

export interface Accepted {
  media: Media;
  /** `Accept: …;nulls=stripped`. */
  stripNulls: boolean;
  plan?: PlanMedia;
}

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

/** A media type and its parameters (names lowercased, quotes dropped). */
function parse(item: string): { type: string; params: Map<string, string> } {
  const [type = '', ...rest] = item.split(';').map((p) => p.trim());
  const params = new Map<string, string>();
  for (const p of rest) {
    const at = p.indexOf('=');
    if (at > 0)
      params.set(
        p.slice(0, at).trim().toLowerCase(),
        p
          .slice(at + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
  }
  return { type: type.toLowerCase(), params };
}

function plain(type: string, params: Map<string, string>): Omit<Accepted, 'plan'> | undefined {
  const stripNulls = params.get('nulls')?.toLowerCase() === 'stripped';
  if (type === 'application/json' || type === 'application/*' || type === '*/*' || type === '') {
    return { media: 'json', stripNulls: false };
  }
  if (type === 'application/vnd.pgrst.array+json') return { media: 'json', stripNulls };
  if (type === 'application/vnd.pgrst.object+json') return { media: 'object', stripNulls };
  if (type === 'text/csv') return { media: 'csv', stripNulls: false };
  return undefined;
}

/**
 * Accept negotiation (PostgREST's MediaType and negotiateContent): the first offered type it can produce; the plan
 * types only while `db-plan-enabled` is on.
 */
export function negotiate(accept: string | null, planEnabled: boolean): Accepted {
  if (!accept || !accept.trim()) return { media: 'json', stripNulls: false };
  const offered = accept.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((a) => a.trim());
  for (const item of offered) {
    const { type, params } = parse(item);
    const format =
      type === 'application/vnd.pgrst.plan' || type === 'application/vnd.pgrst.plan+text'
        ? 'text'
        : type === 'application/vnd.pgrst.plan+json'
          ? 'json'
          : undefined;
    if (format) {
      if (!planEnabled) continue;
      const target = params.get('for') ?? 'application/json';
      const inner = plain(parse(target).type, parse(target).params);
      if (!inner) continue;
      const options = (params.get('options') ?? '').split('|').filter((o) => PLAN_OPTIONS.includes(o));
      return {
        ...inner,
        plan: { format, options: PLAN_OPTIONS.filter((o) => options.includes(o)), for: target },
      };
    }
    const found = plain(type, params);
    if (found) return found;
  }
  throw new RestError(406, 'PGRST107', `None of these media types are available: ${offered.join(', ')}`);
}
