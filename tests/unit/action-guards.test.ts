import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every server action opens with one of the shared guards (lib/guard/action.ts), as every private page opens with
// privatePage (tests/unit/route-table.test.ts): the guard reads the form's language and, behind a private page, asks
// the auth server who is calling. An action that reads either itself would skip what the guard decides (the code
// step, a fresh sign-in, the localized "unavailable" state keeping what was typed), so these are refused in any
// `'use server'` file, and each exported action must reach a guard.

const guards = new Set(['publicAction', 'privateAction', 'secondFactorAction', 'sessionRead']);
/** What the guards are made of: a `'use server'` file naming one of these reads the language or the caller itself. */
const ingredients = new Set(['formLocale', 'requireCurrentUser', 'requireFirstFactorUser']);

interface Finding {
  /** Exported actions that reach no guard, directly or through a helper in the same file. */
  unguarded: string[];
  /** Lines that name one of the guard's ingredients. */
  ownPrologue: string[];
}

const isUseServer = (file: ts.SourceFile) => {
  const first = file.statements[0];
  return (
    !!first &&
    ts.isExpressionStatement(first) &&
    ts.isStringLiteral(first.expression) &&
    first.expression.text === 'use server'
  );
};

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  !!ts.getModifiers(node)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** What a `'use server'` source does wrong; `name` only labels the findings. */
function checkActions(name: string, source: string): Finding {
  const file = ts.createSourceFile(name, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  // The file's top-level functions and constants by name: an action may reach its guard through a helper.
  const locals = new Map<string, ts.Node>();
  const exported: string[] = [];
  for (const statement of file.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      locals.set(statement.name.text, statement);
      if (isExported(statement)) exported.push(statement.name.text);
    }
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name) && declaration.initializer) {
          locals.set(declaration.name.text, declaration.initializer);
          if (isExported(statement)) exported.push(declaration.name.text);
        }
  }

  const reachesGuard = (node: ts.Node, seen: Set<string>): boolean => {
    let found = false;
    const visit = (child: ts.Node) => {
      if (found) return;
      if (ts.isCallExpression(child) && ts.isIdentifier(child.expression)) {
        const callee = child.expression.text;
        if (guards.has(callee)) found = true;
        else if (locals.has(callee) && !seen.has(callee)) {
          seen.add(callee);
          found = reachesGuard(locals.get(callee)!, seen);
        }
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
    return found;
  };

  const ownPrologue: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && ingredients.has(node.text)) {
      const { line } = file.getLineAndCharacterOfPosition(node.getStart());
      ownPrologue.push(`${name}:${line + 1}: ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);

  return {
    unguarded: exported
      .filter((action) => !reachesGuard(locals.get(action)!, new Set([action])))
      .map((action) => `${name}: ${action}`),
    ownPrologue,
  };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => `${entry.parentPath}/${entry.name}`);
}

const actionFiles = ['app', 'components', 'lib']
  .flatMap(sourceFiles)
  .filter((path) =>
    isUseServer(ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest)),
  )
  .sort();

describe('server actions', () => {
  it('finds a copied prologue and an action without a guard', () => {
    // A forgotten copy as it used to be written, beside a guarded action and one guarded through a helper.
    const source = [
      "'use server';",
      "import { formLocale } from '@/lib/forms/form-locale';",
      "import { requireCurrentUser } from '@/lib/session/server';",
      'export const copied = formAction(async (_previous, formData) => {',
      '  const locale = formLocale(formData);',
      "  const current = await requireCurrentUser(locale, '/account');",
      '});',
      'async function helper(formData: FormData) {',
      "  return privateAction(formData, '/account');",
      '}',
      'export async function throughHelper(formData: FormData) {',
      '  return helper(formData);',
      '}',
      'export const direct = formAction(async (_previous, formData) => publicAction(formData));',
    ].join('\n');
    expect(checkActions('sample.ts', source)).toEqual({
      unguarded: ['sample.ts: copied'],
      ownPrologue: [
        'sample.ts:2: formLocale',
        'sample.ts:3: requireCurrentUser',
        'sample.ts:5: formLocale',
        'sample.ts:6: requireCurrentUser',
      ],
    });
  });

  it("finds the app's action files", () => {
    // The notes example's and the account's among them: a test that read no file would pass whatever they hold.
    expect(actionFiles).toContain('lib/auth/actions/two-factor.ts');
    expect(actionFiles).toContain('lib/account-sessions/session-actions.ts');
    expect(actionFiles.length).toBeGreaterThanOrEqual(15);
  });

  it.each(actionFiles)('%s: every action opens with a shared guard, none with its own prologue', (path) => {
    const { unguarded, ownPrologue } = checkActions(path, readFileSync(path, 'utf8'));
    expect(ownPrologue).toEqual([]);
    expect(unguarded).toEqual([]);
  });
});
