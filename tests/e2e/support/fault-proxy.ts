import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request as forward, type IncomingMessage, type Server } from 'node:http';
import { appUrl } from './test-env';

/** What the proxy does with one request: pass it on, answer 500 or 503 itself, or never answer. */
export type Fault = 'pass' | '500' | '503' | 'hang';

export interface SeenRequest {
  method: string;
  path: string;
  fault: Fault;
  /** The paths of the requests still open (not yet answered or given up) when this one came in. */
  pending: string[];
}

/**
 * A real local auth server on `upstreamPort` (memory mode, its own keys) behind a proxy on `port` that can
 * answer 500 or 503 or hang instead, request by request: the app talks to the port it was built for and meets the
 * faults an outage brings, while the answers that do come are the real server's.
 */
export async function startFaultyAuthServer({
  port,
  upstreamPort,
  mailPort,
}: {
  port: number;
  upstreamPort: number;
  mailPort: number;
}) {
  const upstream: ChildProcess = spawn(
    'node',
    [
      'local-supabase/src/main.ts',
      '--memory',
      '--port',
      String(upstreamPort),
      '--mail-port',
      String(mailPort),
      // Any free port: the app does not send its own mail in these specs.
      '--smtp-port',
      '0',
    ],
    {
      env: { ...process.env, AUTH_SITE_URL: appUrl },
      stdio: 'ignore',
    },
  );
  const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
  for (let tries = 0; ; tries++) {
    if (
      await fetch(`${upstreamUrl}/auth/v1/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (tries > 100) throw new Error('The auth server behind the fault proxy did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const seen: SeenRequest[] = [];
  let decide: (request: IncomingMessage) => Fault = () => 'pass';
  const hanging = new Set<IncomingMessage>();
  const open = new Set<IncomingMessage>();
  const server: Server = createServer((request, response) => {
    const fault = decide(request);
    seen.push({
      method: request.method ?? '',
      path: request.url ?? '',
      fault,
      pending: [...open].map(({ url }) => url ?? ''),
    });
    open.add(request);
    response.on('close', () => open.delete(request));
    if (fault === '500' || fault === '503') {
      response
        .writeHead(Number(fault), { 'content-type': 'application/json' })
        .end(`{"code":${fault},"error_code":"unexpected_failure","msg":"injected"}`);
      return;
    }
    if (fault === 'hang') {
      hanging.add(request);
      return;
    }
    const upstreamRequest = forward(
      `${upstreamUrl}${request.url}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstreamRequest.on('error', () => response.destroy());
    request.pipe(upstreamRequest);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  return {
    seen,
    /** Decides each request's fault from now on. */
    inject(rule: (request: IncomingMessage) => Fault) {
      decide = rule;
      seen.length = 0;
    },
    async stop() {
      for (const request of hanging) request.socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      upstream.kill('SIGTERM');
    },
  };
}
