import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { App } from '../app.ts';
import { resolveRedirect } from '../auth/rules/redirects.ts';
import { FRAME_DENIED } from '../mail/mailbox.ts';
import { Params, parseForm, parseJsonObject, readBodyText } from './body.ts';

/** What a route handler gets for one request: the shared state, typed reads and GoTrue-shaped answers. */
export class RequestContext {
  readonly app: App;
  readonly method: string;
  /** Path without any `/auth/v1` prefix, as raw GoTrue sees it. */
  readonly path: string;
  /** The request URL as sent (with its prefix). */
  readonly url: URL;
  readonly params: Readonly<Record<string, string>>;
  /** The TCP peer (undefined when the app is called without a socket, as in-process fetches do). */
  readonly remoteAddress: string | undefined;
  private readonly c: Context;
  private parsed: Promise<Record<string, unknown>> | undefined;

  constructor(app: App, c: Context, path: string) {
    this.app = app;
    this.c = c;
    this.method = c.req.method;
    this.path = path;
    this.url = new URL(c.req.url);
    this.params = c.req.param();
    this.remoteAddress = c.env ? getConnInfo(c).remote.address : undefined;
  }

  get query(): URLSearchParams {
    return this.url.searchParams;
  }

  header(name: string): string | undefined {
    return this.c.req.header(name);
  }

  /**
   * GoTrue's GetReferrer: where emailed links and redirects land, normalised: an allowed redirect_to (`preferred`,
   * e.g. generate_link's body field, then the header, then the query) or Referer, else site_url.
   */
  redirectTarget(preferred?: string): string {
    const { config, redirectPatterns } = this.app;
    const candidates = [
      preferred,
      this.header('redirect_to'),
      this.query.get('redirect_to') ?? undefined,
      this.header('referer'),
    ];
    return resolveRedirect(config, redirectPatterns, candidates);
  }

  /** The JSON body as GoTrue's `struct` (named in type errors, as Go's decoder does). */
  async body(struct: string): Promise<Params> {
    this.parsed ??= readBodyText(this.c.req.raw).then(parseJsonObject);
    return new Params(await this.parsed, struct);
  }

  /** An HTML form post, as sent by the local IdP page and OAuth callbacks (JSON accepted too). */
  async form(): Promise<Params> {
    const json = this.header('content-type')?.includes('application/json') ?? false;
    this.parsed ??= readBodyText(this.c.req.raw).then(json ? parseJsonObject : parseForm);
    return new Params(await this.parsed, 'Form');
  }

  json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
    return new Response(JSON.stringify(body), {
      status,
      headers: { ...headers, 'Content-Type': 'application/json' },
    });
  }

  /** A page (the local IdP's consent form): never framed, so no other site can overlay its buttons. */
  html(status: number, body: string): Response {
    return new Response(body, {
      status,
      headers: { 'Content-Type': 'text/html; charset=utf-8', ...FRAME_DENIED },
    });
  }

  redirect(status: 302 | 303, location: string): Response {
    return new Response(null, { status, headers: { Location: location } });
  }

  noContent(): Response {
    return new Response(null, { status: 204 });
  }
}
