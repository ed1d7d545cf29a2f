-- The database as Supabase sets it up for the Data API (supabase/postgres migrations/db/init-scripts/
-- 00000000000000-initial-schema.sql and 00000000000001-auth-schema.sql; GoTrue's migrations
-- 20220224000811_update_auth_functions and 20220531120530_add_auth_jwt_function): the API roles, their grants and
-- default privileges on public, the extensions schema, and the auth.* helpers that policies call.
create schema if not exists extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;

create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;
create role authenticator noinherit login;
grant anon, authenticated, service_role to authenticator;
-- As 20230201083204_grant_auth_roles_to_postgres and 20230529180330_alter_api_roles_for_inherit.
grant anon, authenticated, service_role to postgres;
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;

grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;
grant usage on schema extensions to postgres, anon, authenticated, service_role;

-- The Data API's statement timeouts per role (applied by the REST layer for each request, as PostgREST does).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
-- So that migrations can call extensions unqualified (uuid_generate_v4()), as on hosted projects.
alter role postgres set search_path = "$user", public, extensions;

create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
create or replace function auth.email() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;
create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;
comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';
comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';
comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';
grant usage on schema auth to anon, authenticated, service_role;
