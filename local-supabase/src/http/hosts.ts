import type { IncomingMessage, Server, ServerResponse } from 'node:http';

// DNS rebinding: a page on evil.example can point its own name at 127.0.0.1 and then read this server's answers as
// same-origin, mail with sign-in links included. A browser sends the name it used in Host, so both servers answer
// only their own names: loopback ones, the address they are bound to, and AUTH_ALLOWED_HOSTS (comma-separated).

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);

/** The host names the servers answer, lower case, IPv6 in brackets. */
export function ownHostNames(bindHost: string, configured: string | undefined): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  const bound = bindHost.includes(':') && !bindHost.startsWith('[') ? `[${bindHost}]` : bindHost;
  if (!WILDCARD.has(bound)) names.add(bound.toLowerCase());
  for (const name of configured?.split(',') ?? []) if (name.trim()) names.add(name.trim().toLowerCase());
  return names;
}

/** The name in a Host header without its port (and without a trailing dot), or undefined when there is none. */
export function hostName(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const m = /^(\[[0-9a-f:.]+\]|[\w.~%!$&'()*+,;=-]+)(?::\d*)?$/i.exec(host.trim());
  return m?.[1]!.toLowerCase().replace(/\.$/, '');
}

/** Answers 421 Misdirected Request to a request that names another host than `names`, before the server's handler. */
export function answerOnlyOwnHosts(server: Server, names: Set<string>): void {
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const name = hostName(req.headers.host);
    // A Host that does not parse is the handlers' to refuse (400, as before); browsers always send one that does.
    if (name === undefined || names.has(name)) {
      for (const handler of handlers) handler(req, res);
      return;
    }
    const body = JSON.stringify({
      code: 421,
      error_code: 'misdirected_request',
      msg: `This local server answers only ${[...names].join(', ')}; set AUTH_ALLOWED_HOSTS for another name.`,
    });
    res.writeHead(421, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  });
}
