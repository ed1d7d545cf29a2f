// Restores package-lock.json entries for other platforms' optional binaries (macOS, Windows, other CPUs).
// The npm mirror this project is built against serves only the versions Linux x64 needs, so `npm install`
// here drops those entries and `npm ci` then refuses the lock as out of sync. Run after `npm install`:
//   node scripts/complete-lockfile.ts
// npm itself writes the result (`--package-lock-only`), so the file is byte for byte what the next `npm install`
// keeps and `git status` stays clean.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
  [field: string]: unknown;
}

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockEntry> };
const packages = lock.packages;
const platformCache = new Map<string, Pick<LockEntry, 'os' | 'cpu' | 'libc'>>();

/** os/cpu/libc from the registry: the same for every version of a platform package. */
function platformFields(name: string) {
  if (!platformCache.has(name)) {
    const output = execFileSync('npm', ['view', name, 'os', 'cpu', 'libc', '--json'], { encoding: 'utf8' });
    platformCache.set(name, output.trim() ? JSON.parse(output) : {});
  }
  return platformCache.get(name)!;
}

/** Where Node would find `name` from the package at `key` (walking up node_modules folders). */
function resolve(key: string, name: string): string | undefined {
  let dir = key;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) return undefined;
    const index = dir.lastIndexOf('/node_modules/');
    dir = index < 0 ? '' : dir.slice(0, index);
  }
}

let added = 0;
for (const [key, entry] of Object.entries({ ...packages })) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const version = spec.replace(/^[\^~=]/, '');
    const found = resolve(key, name);
    if (found && packages[found]?.version === version) continue;
    const top = `node_modules/${name}`;
    const sibling = `${key.slice(0, key.lastIndexOf('node_modules/') + 'node_modules/'.length)}${name}`;
    const slot = !packages[top] ? top : !packages[sibling] ? sibling : `${key}/node_modules/${name}`;
    packages[slot] = { version, optional: true, ...platformFields(name) };
    added++;
  }
}

writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
// npm keeps entries it cannot fetch but orders keys and flags (dev, optional) its own way.
execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund'], {
  stdio: 'inherit',
});
console.log(`complete-lockfile: added ${added} optional platform entries`);
