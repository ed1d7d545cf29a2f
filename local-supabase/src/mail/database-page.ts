import type { PolicyDescription, RelationDescription } from '../db/catalog.ts';
import { esc, layout } from './page.ts';

/** What a newcomer looks for: each exposed table and view, its columns, whether RLS is on and its policies. */
export function databasePage(schemas: readonly string[], relations: RelationDescription[]): string {
  const sections = schemas.map((schema) => {
    const own = relations.filter((r) => r.schema === schema);
    const body = own.length
      ? own.map(relationArticle).join('\n')
      : '<p>No tables or views yet: add a migration under <code>supabase/migrations</code>.</p>';
    return `<section aria-labelledby="${esc(`schema-${schema}`)}"><h2 id="${esc(`schema-${schema}`)}">Schema <code>${esc(schema)}</code></h2>${body}</section>`;
  });
  return layout(
    'Local database',
    `<header><nav><a href="/">← Mailbox</a></nav><h1>Local database</h1>
<p>The tables and views of the schemas the Data API exposes (<code>[api] schemas</code>), built from
<code>supabase/migrations</code>. Row-level security and its policies decide which rows the publishable key (role
<code>anon</code>) and signed-in users (role <code>authenticated</code>) can read and write; the secret key bypasses
them.</p></header><main>${sections.join('\n')}</main>`,
  );
}

function relationArticle(r: RelationDescription): string {
  const id = `${r.schema}.${r.name}`;
  const columns = r.columns
    .map(
      (c) =>
        `<tr><td><code>${esc(c.name)}</code></td><td><code>${esc(c.type)}</code></td><td>${c.nullable ? 'yes' : 'no'}</td><td>${c.default === null ? '' : `<code>${esc(c.default)}</code>`}</td></tr>`,
    )
    .join('');
  const columnTable = `<table class="listing"><caption>Columns of ${esc(id)}</caption><thead><tr><th scope="col">Column</th><th scope="col">Type</th><th scope="col">Nullable</th><th scope="col">Default</th></tr></thead><tbody>${columns}</tbody></table>`;
  const isTable = r.kind === 'table' || r.kind === 'partitioned table';
  return `<article aria-labelledby="${esc(id)}"><h3 id="${esc(id)}"><code>${esc(r.name)}</code> <small>${r.kind}</small></h3>
${isTable ? rowLevelSecurity(r) : ''}${columnTable}${isTable ? policies(r) : ''}</article>`;
}

function rowLevelSecurity(r: RelationDescription): string {
  if (!r.rlsEnabled) {
    return '<p>Row-level security: <strong>off</strong>. Every role granted access reads and writes every row.</p>';
  }
  return `<p>Row-level security: <strong>on</strong>${r.rlsForced ? ' (forced, also for the owner)' : ''}.</p>`;
}

function policies(r: RelationDescription): string {
  if (r.policies.length === 0) {
    return r.rlsEnabled
      ? '<p>No policies: the API roles see no rows and can change none.</p>'
      : '<p>No policies.</p>';
  }
  const rows = r.policies.map(policyRow).join('');
  return `<table class="listing"><caption>Policies of ${esc(`${r.schema}.${r.name}`)}</caption><thead><tr><th scope="col">Policy</th><th scope="col">Command</th><th scope="col">Roles</th><th scope="col">Kind</th><th scope="col">USING</th><th scope="col">WITH CHECK</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function policyRow(p: PolicyDescription): string {
  const expr = (e: string | null) => (e === null ? '' : `<code>${esc(e)}</code>`);
  return `<tr><td>${esc(p.name)}</td><td>${p.command}</td><td>${p.roles.map((role) => `<code>${esc(role)}</code>`).join(', ')}</td><td>${p.permissive ? 'permissive' : 'restrictive'}</td><td>${expr(p.using)}</td><td>${expr(p.withCheck)}</td></tr>`;
}
