import type { RequestContext } from './context.ts';

export type Handler = (ctx: RequestContext) => Promise<void> | void;

interface Route {
  method: string;
  pattern: string;
  segments: string[];
  handler: Handler;
}

export interface RouteMatch {
  pattern: string;
  handler: Handler;
  params: Record<string, string>;
}

/** A small method + path router; `{name}` segments become params. */
export class Router {
  private readonly routes: Route[] = [];

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, pattern, segments: split(pattern), handler });
    return this;
  }

  /** Returns the match, or `'method'` if the path exists with another method, or undefined. */
  match(method: string, path: string): RouteMatch | 'method' | undefined {
    const parts = split(path);
    let pathMatched = false;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (!params) continue;
      if (route.method !== method) {
        pathMatched = true;
        continue;
      }
      return { pattern: route.pattern, handler: route.handler, params };
    }
    return pathMatched ? 'method' : undefined;
  }
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const v = parts[i]!;
    if (p.startsWith('{') && p.endsWith('}')) {
      try {
        params[p.slice(1, -1)] = decodeURIComponent(v);
      } catch {
        return undefined;
      }
    } else if (p !== v) {
      return undefined;
    }
  }
  return params;
}
