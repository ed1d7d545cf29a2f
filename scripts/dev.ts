// `npm run dev`: the app, plus the local auth server and mailbox unless hosted Supabase is configured.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { parseArgs } from 'node:util';
import { loadConfig } from '../local-supabase/src/config/config.ts';
import { isLoopbackUrl, localMailPort, localSmtpPort, localSupabaseUrl } from '../lib/env/local-supabase.ts';

for (const file of ['.env.local', '.env']) if (existsSync(file)) process.loadEnvFile(file);

const configured = process.env.NEXT_PUBLIC_SUPABASE_URL;
const local = !configured || isLoopbackUrl(configured);
const authUrl = configured ?? localSupabaseUrl;
const authPort = Number(new URL(authUrl).port || new URL(localSupabaseUrl).port);
const mailPort = Number(process.env.AUTH_MAIL_PORT || localMailPort);
const smtpPort = Number(process.env.AUTH_SMTP_PORT || localSmtpPort);
const children: ChildProcess[] = [];

/** Whether `port` can be bound on `host` (what the server that wants it would do). */
function portFree(port: number, host?: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

async function nextFreePort(from: number, host?: string): Promise<number> {
  let port = from;
  while (!(await portFree(port, host))) port++;
  return port;
}

/** One line per taken port, naming the variable that moves it; nothing starts. */
if (local) {
  const wanted = [
    {
      port: authPort,
      variable: 'NEXT_PUBLIC_SUPABASE_URL',
      value: (free: number) => `http://127.0.0.1:${free}`,
    },
    { port: mailPort, variable: 'AUTH_MAIL_PORT', value: String },
    { port: smtpPort, variable: 'AUTH_SMTP_PORT', value: String },
  ];
  let taken = false;
  for (const { port, variable, value } of wanted) {
    if (await portFree(port, '127.0.0.1')) continue;
    taken = true;
    const free = await nextFreePort(port + 10, '127.0.0.1');
    console.error(
      `Port ${port} is taken (another project's local Supabase?): stop it, or run ${variable}=${value(free)} npm run dev`,
    );
  }
  if (taken) process.exit(1);
}

// Next's own rule: an explicit port is used as given; otherwise 3000, or the next free one.
const { values: nextArgs, tokens } = parseArgs({
  options: { port: { type: 'string', short: 'p' } },
  strict: false,
  tokens: true,
});
const explicitPort = (nextArgs.port as string | undefined) ?? process.env.PORT;
let appPort = Number(explicitPort ?? 3000);
if (explicitPort === undefined && !(await portFree(appPort))) {
  appPort = await nextFreePort(appPort);
  console.log(`⚠ Port 3000 is in use, using available port ${appPort} instead.`);
}
const appUrl = `http://localhost:${appPort}`;
// Emails and absolute URLs must point at the port the app really has.
const siteUrl = process.env.NEXT_PUBLIC_SITE_URL ?? appUrl;
const passThrough = tokens.flatMap((token) => {
  if (token.kind === 'positional') return [token.value];
  if (token.kind === 'option-terminator') return ['--'];
  if (token.name === 'port') return [];
  return token.inlineValue ? [`${token.rawName}=${token.value}`] : [token.rawName];
});

function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  onLine?: (line: string) => void,
): ChildProcess {
  const output = onLine ? 'pipe' : 'inherit';
  const child = spawn(command, args, { stdio: ['inherit', output, output], env });
  children.push(child);
  child.on('exit', (code) => shutdown(code ?? 0));
  if (onLine) {
    for (const [stream, sink] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ] as const) {
      let pending = '';
      stream?.on('data', (chunk: Buffer) => {
        sink.write(chunk);
        const lines = (pending + chunk.toString()).split('\n');
        pending = lines.pop() ?? '';
        lines.forEach(onLine);
      });
    }
  }
  return child;
}

function shutdown(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

async function waitForAuthServer(server: ChildProcess) {
  // The first start creates the database and signing key, which can take a while on a busy machine.
  for (let attempt = 0; attempt < 600 && server.exitCode === null; attempt++) {
    const answered = await fetch(`${authUrl}/auth/v1/health`).then(
      (response) => response.ok,
      () => false, // not listening yet
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  shutdown(1);
  throw new Error(`The local auth server did not answer at ${authUrl}`);
}

function printReady() {
  const lines = [
    '',
    `  Polyglot is ready: ${appUrl}/en`,
    ...(local
      ? [
          `  Mailbox: http://127.0.0.1:${mailPort} (SMTP 127.0.0.1:${smtpPort})  Database: http://127.0.0.1:${mailPort}/database`,
          `  Local Supabase: Auth ${authUrl}/auth/v1  REST ${authUrl}/rest/v1`,
        ]
      : [`  Auth: hosted Supabase at ${authUrl}`]),
    local
      ? '  Sign in locally with any email address: confirmation and sign-in links arrive in the mailbox.'
      : '  Sign in with an account of that project.',
    '',
  ];
  console.log(lines.join('\n'));
}

/**
 * Passkeys answer only to [auth.webauthn] rp_origins (3000-3002 for this command): an app on another port (PORT=,
 * or a fourth free port) is added for this run, as site_url follows the real port.
 */
function passkeyOrigins(): string {
  const { rpOrigins } = loadConfig('supabase/config.toml', process.env).webauthn;
  return (rpOrigins.includes(appUrl) ? rpOrigins : [...rpOrigins, appUrl]).join(',');
}

if (local) {
  // Sb-Forwarded-For keys the per-IP limits when sent with the secret key, as on hosted Supabase with
  // security_sb_forwarded_for_enabled (local-supabase/README.md, Rate limits).
  const env = {
    ...process.env,
    AUTH_SITE_URL: process.env.AUTH_SITE_URL ?? siteUrl,
    AUTH_MAIL_PORT: String(mailPort),
    AUTH_SMTP_PORT: String(smtpPort),
    GOTRUE_SECURITY_SB_FORWARDED_FOR_ENABLED: process.env.GOTRUE_SECURITY_SB_FORWARDED_FOR_ENABLED ?? 'true',
    // ASVS 6.2.3: a password change names the current one (no config.toml key; hosted: docs/configuration.md).
    GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD:
      process.env.GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD ?? 'true',
    GOTRUE_WEBAUTHN_RP_ORIGINS: passkeyOrigins(),
  };
  await waitForAuthServer(
    run(process.execPath, ['--liftoff-only', 'local-supabase/src/main.ts', '--port', String(authPort)], env),
  );
}
// After Next's own start-up lines, so the summary is the last thing on screen.
let announce: NodeJS.Timeout | undefined;
let ready = false;
const nextEnv = {
  ...process.env,
  NEXT_PUBLIC_SITE_URL: siteUrl,
  // The app's own mail goes to the local mailbox, on whichever SMTP port it has (lib/env/env.ts).
  ...(local && !process.env.SMTP_URL ? { SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } : {}),
  // Piped output loses Next's terminal detection; keep its colours when the terminal has them.
  ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}),
};
run(
  process.execPath,
  ['node_modules/next/dist/bin/next', 'dev', '--port', String(appPort), ...passThrough],
  nextEnv,
  (line) => {
    if (ready && !announce) return;
    if (/Ready in/.test(line)) ready = true;
    if (!ready) return;
    clearTimeout(announce);
    announce = setTimeout(() => {
      printReady();
      announce = undefined;
    }, 1500);
  },
);
