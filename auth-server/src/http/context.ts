import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, parseJsonObject } from './request-body.ts';
import { refuseNul } from './nul-characters.ts';
import { Params } from './params.ts';

/** Everything a route handler needs about one request. */
export class RequestContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly method: string;
  /** Path with any `/auth/v1` prefix removed, as raw GoTrue sees it. */
  readonly path: string;
  readonly url: URL;
  params: Record<string, string> = {};
  private bodyCache: Promise<Record<string, unknown>> | undefined;

  constructor(req: IncomingMessage, res: ServerResponse, url: URL, path: string) {
    this.req = req;
    this.res = res;
    this.method = req.method ?? 'GET';
    this.url = url;
    this.path = path;
  }

  get query(): URLSearchParams {
    return this.url.searchParams;
  }

  header(name: string): string | undefined {
    const v = this.req.headers[name.toLowerCase()];
    return Array.isArray(v) ? v[0] : v;
  }

  async body(struct: string): Promise<Params> {
    this.bodyCache ??= readBody(this.req).then((raw) => parseJsonObject(raw));
    return new Params(await this.bodyCache, struct);
  }

  /** An HTML form post (application/x-www-form-urlencoded), as sent by the local IdP page and OAuth callbacks. */
  async form(): Promise<Params> {
    this.bodyCache ??= readBody(this.req).then((raw) =>
      this.header('content-type')?.includes('application/json')
        ? parseJsonObject(raw)
        : Object.fromEntries([...new URLSearchParams(raw.toString('utf8'))].map(([k, v]) => [refuseNul(k), refuseNul(v)])),
    );
    return new Params(await this.bodyCache, 'Form');
  }

  /** Drains the body so oversized uploads are answered 413 on every route, not just those that read it. */
  async consumeBody(): Promise<void> {
    await this.body('Body');
  }

  get remoteAddress(): string {
    return this.req.socket.remoteAddress ?? '';
  }

  json(status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = JSON.stringify(body);
    for (const [k, v] of Object.entries(headers)) this.res.setHeader(k, v);
    this.res.statusCode = status;
    this.res.setHeader('Content-Type', 'application/json');
    this.res.setHeader('Content-Length', Buffer.byteLength(text));
    this.res.end(text);
  }

  html(status: number, body: string): void {
    this.res.statusCode = status;
    this.res.setHeader('Content-Type', 'text/html; charset=utf-8');
    this.res.setHeader('Content-Length', Buffer.byteLength(body));
    this.res.end(body);
  }

  redirect(status: number, location: string): void {
    this.res.statusCode = status;
    this.res.setHeader('Location', location);
    this.res.end();
  }

  noContent(): void {
    this.res.statusCode = 204;
    this.res.end();
  }
}
