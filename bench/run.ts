// `npm run bench`: builds the product and both floors, starts them with the local auth server, measures,
// prints a table and writes bench/results/<timestamp>.{json,md}. Missed targets never fail the run;
// harness errors do (exit 1), after writing whatever was measured. See bench/README.md.
import { freshSession, type FreshSession } from './lib/auth/fresh-session.ts';
import { signIn, type SignedInSession } from './lib/auth/signed-in-session.ts';
import { createConfirmedUser, type TestUser } from './lib/auth/test-user.ts';
import { type LoadGenerator, resolveGenerator } from './lib/load/generator.ts';
import { parseOptions, type Section } from './lib/options.ts';
import { publishableKey, secretKey } from './lib/ports.ts';
import { machineInfo } from './lib/report/machine.ts';
import type { BenchResults } from './lib/report/results.ts';
import { buildRows, warnings } from './lib/report/rows.ts';
import { textTable } from './lib/report/text-table.ts';
import { writeResults } from './lib/report/write-results.ts';
import { authServerSection } from './lib/sections/auth-server-section.ts';
import { bundleSection } from './lib/sections/bundle-section.ts';
import { lighthouseSection } from './lib/sections/lighthouse-section.ts';
import { loadSection } from './lib/sections/load-section.ts';
import { requestsSection } from './lib/sections/requests-section.ts';
import { storageSection } from './lib/sections/storage-section.ts';
import { twoFactorVisitor } from './lib/report/targets.ts';
import { benchNoteCount, seedBenchNotes, seedBenchTeamNotes } from './lib/auth/bench-notes.ts'; // example:notes
import { stopAll } from './lib/servers/child-process.ts';
import { buildAll, startStack } from './lib/stack.ts';

const log = (line: string) => console.error(`[bench] ${line}`);
const options = parseOptions(process.argv.slice(2), process.env);
const results: BenchResults = {
  startedAt: new Date().toISOString(),
  machine: await machineInfo(),
  quick: options.quick,
  errors: [],
};

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping servers`);
    void stopAll().finally(() => process.exit(130));
  });
}

/** Runs one section; a failure is recorded and the remaining sections still run. */
async function section(name: Section, work: () => Promise<void>): Promise<void> {
  if (!options.sections.has(name)) return;
  log(`— ${name} —`);
  try {
    await work();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    results.errors.push({ section: name, message });
    log(`${name} failed: ${message}`);
  }
}

try {
  // Storage starts a server of its own with a data folder: first, before any build or stack competes for the cores.
  await section('storage', async () => {
    results.storage = await storageSection(options, log);
  });
  if ([...options.sections].some((name) => name !== 'storage')) await measureWithStack();
} catch (error) {
  results.errors.push({ section: 'setup', message: error instanceof Error ? error.message : String(error) });
  log(`setup failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stopAll();
}

/** The sections that need the product, the floors and the shared auth server. */
async function measureWithStack(): Promise<void> {
  await buildAll(options, log);
  const stack = await startStack(options, log);
  let user: TestUser | undefined;
  let session: SignedInSession | undefined;
  let noteIds: string[] = [];
  let teamSlug: string | undefined;
  let twoFactorSession: FreshSession | undefined;
  let fresh: FreshSession | undefined;
  if (stack.auth) {
    user = await createConfirmedUser(stack.auth.url, secretKey);
    session = await signIn(stack.auth.url, publishableKey, user);
    log(`signed in; cookies ${session.cookieNames.join(', ')}`);
    // example:notes start
    await seedBenchNotes(stack.auth.url, publishableKey, session.accessToken).then(
      (ids) => {
        noteIds = ids;
        log(`wrote ${benchNoteCount} notes for /en/notes`);
      },
      (error: unknown) => log(`⚠ ${error instanceof Error ? error.message : String(error)}`),
    );
    await seedBenchTeamNotes(stack.auth.url, publishableKey, session.accessToken).then(
      (slug) => {
        teamSlug = slug;
        log(`wrote ${benchNoteCount} team notes for /en/teams/${slug}/notes`);
      },
      (error: unknown) => log(`⚠ ${error instanceof Error ? error.message : String(error)}`),
    );
    // example:notes end
    twoFactorSession = freshSession(
      stack.auth.url,
      publishableKey,
      await signIn(stack.auth.url, publishableKey, await createConfirmedUser(stack.auth.url, secretKey), {
        secondFactor: true,
      }),
    );
    // Renewed before its token could expire during a measurement: the load section outlasts the token (600 s).
    fresh = freshSession(stack.auth.url, publishableKey, session);
    log('signed in a two-factor user at aal2');
  }
  let generator: LoadGenerator | undefined;
  const loadGenerator = async () =>
    (generator ??= await resolveGenerator(
      { connections: options.connections, threads: options.threads },
      log,
    ));
  const needsAuth = (name: string) => {
    throw new Error(`${name} needs the local auth server: ${stack.authError ?? 'not started'}`);
  };

  await section('load', async () => {
    const pids = {
      product: stack.product.child.pid,
      floor: stack.floor?.child.pid,
      'intl-floor': stack.intlFloor?.child.pid,
      auth: stack.auth?.process.child.pid,
    };
    results.load = await loadSection(options, await loadGenerator(), fresh, noteIds[0], teamSlug, pids, log);
  });
  await section('bundle', async () => {
    results.bundle = await bundleSection(stack.floor !== undefined);
  });
  // The intl floor has done its part; the floor stays (idle) for Lighthouse's reference audit.
  await stack.intlFloor?.stop();
  await section('requests', async () => {
    if (!stack.auth || !fresh) return needsAuth('requests');
    const visitors = [
      { session: fresh },
      ...(twoFactorSession ? [{ label: twoFactorVisitor, session: twoFactorSession }] : []),
    ];
    const teamNotes = teamSlug ? [`/en/teams/${teamSlug}/notes`] : [];
    results.requestsPerView = await requestsSection(options, stack.auth.url, visitors, log, teamNotes);
  });
  await section('auth-server', async () => {
    if (!stack.auth || !user) return needsAuth('auth-server');
    results.authServer = await authServerSection(
      options,
      await loadGenerator(),
      stack.auth.url,
      user,
      noteIds[0],
      log,
    );
  });
  await section('lighthouse', async () => {
    results.lighthouse = await lighthouseSection(options, stack.floor !== undefined, log);
  });
}

results.finishedAt = new Date().toISOString();
const rows = buildRows(results);
console.log(textTable(rows));
for (const warning of warnings(results)) console.log(`⚠ ${warning}`);
const written = await writeResults(results, rows);
log(`wrote ${written.json} and ${written.markdown}`);
if (results.errors.length) {
  log(`${results.errors.length} harness error(s): ${results.errors.map((e) => e.section).join(', ')}`);
  process.exitCode = 1;
}
