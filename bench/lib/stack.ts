import { buildProduct, productEnv } from './build/build-product.ts';
import { buildReferenceApp, referenceAppDir } from './build/stage-reference.ts';
import type { BenchOptions, Section } from './options.ts';
import { repoRoot } from './paths.ts';
import { authUrl, PORTS, productUrl, publishableKey, secretKey } from './ports.ts';
import { type AuthServer, startAuthServer } from './servers/auth-server.ts';
import type { RunningProcess } from './servers/child-process.ts';
import { startNextServer } from './servers/next-server.ts';

export interface Stack {
  product: RunningProcess;
  floor?: RunningProcess;
  intlFloor?: RunningProcess;
  /** Undefined when the local auth server could not start: signed-in figures are then reported unavailable. */
  auth?: AuthServer;
  authError?: string;
}

/** Whether a chosen section measures the floor as its reference (the intl floor serves only the load section). */
const needsFloor = (options: BenchOptions) =>
  (['load', 'bundle', 'lighthouse'] as const).some((s) => options.sections.has(s));

const env = () => productEnv({ siteUrl: productUrl, authUrl, publishableKey, secretKey });

/** Builds what the chosen sections need, in sequence (two cores: parallel builds would only slow each other). */
export async function buildAll(options: BenchOptions, log: (line: string) => void): Promise<void> {
  if (options.skipBuild) return log('skipping builds (--skip-build)');
  // The stack starts the product for every section (the auth-server one signs its user in through it too).
  const productSections: Section[] = ['load', 'requests', 'bundle', 'lighthouse', 'auth-server'];
  const needsProduct = productSections.some((s) => options.sections.has(s));
  if (needsProduct) {
    log('building the product into .next-bench …');
    await buildProduct(env());
  }
  if (needsFloor(options)) {
    log('building bench/floor (staged outside the repo) …');
    await buildReferenceApp('floor');
  }
  if (options.sections.has('load')) {
    log('building bench/intl-floor (staged outside the repo) …');
    await buildReferenceApp('intl-floor');
  }
}

/** Starts the auth server, the product, the floor (load, bundle and Lighthouse references) and the intl floor (load). */
export async function startStack(options: BenchOptions, log: (line: string) => void): Promise<Stack> {
  let auth: AuthServer | undefined;
  let authError: string | undefined;
  try {
    auth = await startAuthServer({ port: PORTS.auth, mailPort: PORTS.mail, siteUrl: productUrl });
    log(`auth server ready on ${auth.url} in ${Math.round(auth.readyMs)} ms`);
  } catch (error) {
    authError = (error as Error).message;
    log(`auth server unavailable: ${authError.split('\n')[0]}`);
  }
  const product = await startNextServer({
    name: 'product',
    cwd: repoRoot,
    port: PORTS.product,
    readyPath: '/api/health',
    env: env(),
  });
  log(`product ready on ${productUrl}`);
  if (!needsFloor(options)) return { product, auth, authError };
  const floor = await startNextServer({
    name: 'floor',
    cwd: referenceAppDir('floor'),
    port: PORTS.floor,
    readyPath: '/',
  });
  if (!options.sections.has('load')) return { product, floor, auth, authError };
  const intlFloor = await startNextServer({
    name: 'intl-floor',
    cwd: referenceAppDir('intl-floor'),
    port: PORTS.intlFloor,
    readyPath: '/en',
  });
  log('floor and intl-floor ready');
  return { product, floor, intlFloor, auth, authError };
}
