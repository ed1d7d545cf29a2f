import { RestError } from '../errors.ts';
import type { Media, MediaOffer, PlanMedia } from '../request/media.ts';
import { parseMedia } from '../request/media.ts';
import type { RoutineMedia } from '../schema-cache/schema-cache.ts';

/** The answer's media type, as PostgREST's negotiateContent picks it. */
export interface Accepted {
  media: Media;
  /** `Accept: …;nulls=stripped`. */
  stripNulls: boolean;
  plan?: PlanMedia;
  /** `raw`: the media type domain the function returns, answered as it is. */
  raw?: RoutineMedia;
}

const PLAN_OPTIONS = ['analyze', 'verbose', 'settings', 'buffers', 'wal'];

/**
 * The built-in handlers and the resource's own (lookupHandler): a function returning a media type domain answers
 * that type (or any, for `*\/*`) when the request keeps the default select; JSON answers `*\/*` and
 * application/json, CSV text/csv; the vendored types cannot be overridden.
 */
function handler(offer: MediaOffer, custom: RoutineMedia | undefined): Omit<Accepted, 'plan'> | undefined {
  const { type, params } = offer;
  const stripNulls = params.get('nulls')?.toLowerCase() === 'stripped';
  if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object')
    return { media: 'object', stripNulls };
  const array = type === 'application/vnd.pgrst.array+json' || type === 'application/vnd.pgrst.array';
  if (array && stripNulls) return { media: 'json', stripNulls };
  const effective = array ? 'application/json' : type;
  if (custom && (custom.type === '*/*' || custom.type === effective))
    return { media: 'raw', stripNulls: false, raw: custom };
  if (effective === 'application/json' || effective === '*/*') return { media: 'json', stripNulls: false };
  if (effective === 'text/csv') return { media: 'csv', stripNulls: false };
  return undefined;
}

/**
 * Accept negotiation (Plan.hs negotiateContent): the first offered type that can be produced; the plan types only
 * while `db-plan-enabled` is on. `custom` is the called function's media type domain, when it has one and the
 * request selects the default columns.
 */
export function negotiate(
  offers: MediaOffer[],
  planEnabled: boolean,
  custom: RoutineMedia | undefined,
): Accepted {
  for (const offer of offers) {
    const { type, params } = offer;
    const format =
      type === 'application/vnd.pgrst.plan' || type === 'application/vnd.pgrst.plan+text'
        ? 'text'
        : type === 'application/vnd.pgrst.plan+json'
          ? 'json'
          : undefined;
    if (format) {
      if (!planEnabled) continue;
      const target = params.get('for') ?? 'application/json';
      const inner = handler(parseMedia(target), custom);
      if (!inner) continue;
      const options = (params.get('options') ?? '').split('|').filter((o) => PLAN_OPTIONS.includes(o));
      return {
        ...inner,
        plan: { format, options: PLAN_OPTIONS.filter((o) => options.includes(o)), for: target },
      };
    }
    const found = handler(offer, custom);
    if (found) return found;
  }
  throw new RestError(
    406,
    'PGRST107',
    `None of these media types are available: ${offers.map((o) => o.text).join(', ')}`,
  );
}
