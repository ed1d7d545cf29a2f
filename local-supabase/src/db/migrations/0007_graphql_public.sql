-- graphql_public, the second schema of the CLI's default [api] schemas. Supabase fills it from pg_graphql; without
-- that extension (PGlite has none) its graphql() is the placeholder Supabase installs when pg_graphql is off
-- (supabase/postgres, extensions.set_graphql_placeholder): same signature, an error answer.
create schema if not exists graphql_public;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;
create function graphql_public.graphql(
  "operationName" text default null,
  query text default null,
  variables jsonb default null,
  extensions jsonb default null
) returns jsonb language sql as $$
  select jsonb_build_object('errors', jsonb_build_array(jsonb_build_object('message', 'pg_graphql extension is not enabled.')))
$$;
grant execute on function graphql_public.graphql(text, text, jsonb, jsonb) to postgres, anon, authenticated, service_role;
