// `npm run example:remove`: takes the notes example out of the project, the recipe in docs/notes-example.md
// ("Removing the example"). `npm run example:remove -- --check` applies it to a scratch copy of the tracked files
// instead, adds a page there by docs/architecture.md's "Adding a private page" (scripts/private-page-recipe.ts), and
// runs the type check and the unit tests there (CI runs it, so both recipes stay true: one scratch copy, one type
// check, one unit run for the two); the project itself is left untouched.
//
// The recipe: delete the example's folders and files (`examplePaths`), its words (`exampleMessages`), every line of
// code elsewhere that names it (marked `example:notes`: one line ending in the marker, or the lines from
// `example:notes start` to `example:notes end`), and regenerate the database types without its migration.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { locales } from '../i18n/locales.ts';
import { addPrivatePage } from './private-page-recipe.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The example's own folders and files: all of it lives here, and nothing outside imports them. */
export const examplePaths = [
  'app/[locale]/notes',
  'app/[locale]/teams/[slug]/notes',
  'app/api/note-file',
  'components/notes',
  'lib/notes',
  'tests/e2e/notes',
  'tests/unit/notes.test.ts',
  'tests/local-supabase/notes-policies.test.ts',
  'tests/local-supabase/team-notes-policies.test.ts',
  'supabase/tests/notes.test.sql',
  'supabase/tests/team-notes.test.sql',
  'supabase/migrations/20261125220000_notes.sql',
  // Team notes: the teams foundation (20261128010000_teams.sql) stays.
  'supabase/migrations/20261128010100_team_notes.sql',
  'supabase/migrations/20261128020000_note_files.sql',
  'supabase/migrations/20261128020200_note_files_going_with.sql',
  'supabase/tests/note-files.test.sql',
  'supabase/tests/note-files-going.test.sql',
  'tests/local-supabase/note-files-policies.test.ts',
  'tests/local-supabase/team-note-helpers.ts',
  'bench/lib/auth/bench-notes.ts',
  // The check that this list names what exists: without the example, nothing of it does.
  'tests/unit/example-remove.test.ts',
];

/** Its words in every messages/<locale>.json: a namespace, or one key of a namespace. */
export const exampleMessages: readonly (readonly [string, string?])[] = [
  ['Notes'],
  ['UserMenu', 'notes'],
  ['Teams', 'teamNotes'],
];

export const marker = 'example:notes';

/** The source without the lines marked as the example's. Throws on a block left open. */
export function withoutMarked(source: string): string {
  const kept: string[] = [];
  let open = false;
  for (const line of source.split('\n')) {
    if (line.includes(`${marker} start`)) {
      if (open) throw new Error(`nested "${marker} start"`);
      open = true;
    } else if (line.includes(`${marker} end`)) {
      if (!open) throw new Error(`"${marker} end" without a start`);
      open = false;
    } else if (!open && !line.includes(marker)) kept.push(line);
  }
  if (open) throw new Error(`"${marker} start" without an end`);
  return kept.join('\n');
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
}

function trackedFiles(dir: string): string[] {
  const listed = spawnSync('git', ['ls-files', '-z'], { cwd: dir, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed in ${dir}`);
  return listed.stdout.split('\0').filter(Boolean);
}

/** Applies the recipe to the project at `dir` (its tracked files as listed in `files`). */
export function removeExample(dir: string, files: string[]): void {
  for (const each of examplePaths) rmSync(path.join(dir, each), { recursive: true, force: true });
  for (const file of files) {
    const full = path.join(dir, file);
    // Code only (the docs may name the marker), and not this file, which spells it out.
    if (
      !/\.(?:[cm]?[jt]sx?|sql|toml)$/.test(file) ||
      file === 'scripts/example-remove.ts' ||
      !existsSync(full)
    )
      continue;
    const source = readFileSync(full, 'utf8');
    if (source.includes(marker)) writeFileSync(full, withoutMarked(source));
  }
  for (const locale of locales) {
    const file = path.join(dir, 'messages', `${locale}.json`);
    const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
    for (const [namespace, key] of exampleMessages) {
      if (key === undefined) delete messages[namespace];
      else delete messages[namespace]?.[key];
    }
    writeFileSync(file, `${JSON.stringify(messages, null, 2)}\n`);
  }
  // The database types without the example's table, as `npm run db:types` writes them.
  run(process.execPath, ['--liftoff-only', 'scripts/db-types.ts'], dir);
}

if (import.meta.main) {
  const check = process.argv.includes('--check');
  const files = trackedFiles(root);
  if (!check) {
    removeExample(root, files);
    console.log('The notes example is removed. Run npm run lint, npm run typecheck and npm test.');
  } else {
    const scratch = mkdtempSync(path.join(tmpdir(), 'polyglot-example-remove-'));
    try {
      for (const file of files) {
        const target = path.join(scratch, file);
        mkdirSync(path.dirname(target), { recursive: true });
        if (existsSync(path.join(root, file))) writeFileSync(target, readFileSync(path.join(root, file)));
      }
      symlinkSync(path.join(root, 'node_modules'), path.join(scratch, 'node_modules'), 'dir');
      removeExample(scratch, files);
      const page = addPrivatePage(scratch);
      // A repository of its own, as a project without the example would be: tests that list the project's files ask
      // git (tracker-references.test.ts).
      run('git', ['init', '-q'], scratch);
      writeFileSync(path.join(scratch, '.git', 'info', 'exclude'), '/node_modules\n');
      run('npm', ['run', 'typecheck'], scratch);
      run('npx', ['vitest', 'run', 'tests/unit'], scratch);
      console.log(
        `Without the notes example and with the recipe's ${page.path} page, the type check and the unit tests pass.`,
      );
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  }
}
