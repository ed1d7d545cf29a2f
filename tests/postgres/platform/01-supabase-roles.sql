-- The database a Supabase project starts from, as far as our migrations and tests reach it: the roles, the schemas
-- and the grants. Taken from github.com/supabase/postgres at commit 7db7e1a9e34b9ffb9b0e3372ccf08eb4fa772f4b
-- (migrations/db/migrate.sh, init-scripts/ and migrations/), leaving out what needs extensions that plain Postgres
-- lacks (pgjwt, pgsodium, pg_graphql, pg_net, pg_cron) and Storage and Realtime, which arrive with their own files.
-- Runs as postgres, still a superuser here, as migrate.sh runs the init scripts (it first creates postgres as
-- supabase_admin, the superuser initdb made; 10000000000000_demote-postgres.sql in 03 takes superuser away). So the
-- default privileges below apply to what postgres creates: the tables `supabase db push` makes. GoTrue's own
-- migrations come next (02-gotrue-migrations.sql), then 03-after-auth.sql.

-- init-scripts/00000000000000-initial-schema.sql
create publication supabase_realtime;
create user supabase_replication_admin with login replication;
create role supabase_read_only_user with login bypassrls;
grant pg_read_all_data to supabase_read_only_user;

create schema if not exists extensions;
create extension if not exists "uuid-ossp" with schema extensions;
create extension if not exists pgcrypto with schema extensions;

create role anon nologin noinherit;
create role authenticated nologin noinherit;
create role service_role nologin noinherit bypassrls;

create user authenticator noinherit;
grant anon to authenticator;
grant authenticated to authenticator;
grant service_role to authenticator;
grant supabase_admin to authenticator;

grant usage on schema public to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to postgres, anon, authenticated, service_role;

grant usage on schema extensions to postgres, anon, authenticated, service_role;

alter user supabase_admin set search_path to public, extensions;

alter default privileges for user supabase_admin in schema public grant all
  on sequences to postgres, anon, authenticated, service_role;
alter default privileges for user supabase_admin in schema public grant all
  on tables to postgres, anon, authenticated, service_role;
alter default privileges for user supabase_admin in schema public grant all
  on functions to postgres, anon, authenticated, service_role;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- init-scripts/00000000000001-auth-schema.sql: the schema and its owner role (GoTrue's migrations create the
-- tables and the auth.uid() family, as they do on a new project).
create schema if not exists auth authorization supabase_admin;
grant usage on schema auth to anon, authenticated, service_role;
create user supabase_auth_admin noinherit createrole login noreplication;
grant all privileges on schema auth to supabase_auth_admin;
alter user supabase_auth_admin set search_path = "auth";

-- migrations/20211115181400_update-auth-permissions.sql (without dashboard_user): postgres gets every table and
-- function GoTrue creates.
grant usage on schema auth to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on tables to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on sequences to postgres;
alter default privileges for role supabase_auth_admin in schema auth grant all on routines to postgres;

-- migrations/20220317095840_pg_graphql.sql: graphql_public and its placeholder entry point, what a project without
-- pg_graphql has (the CLI's default [api] schemas expose it).
create schema if not exists graphql_public;
create or replace function graphql_public.graphql(
  "operationName" text default null,
  query text default null,
  variables jsonb default null,
  extensions jsonb default null
)
  returns jsonb
  language plpgsql
as $$
  declare
    server_version float;
  begin
    server_version = (select (split_part((select version()), ' ', 2))::float);
    if server_version >= 14 then
      return jsonb_build_object('data', null::jsonb, 'errors', array['pg_graphql extension is not enabled.']);
    else
      return jsonb_build_object(
        'data', null::jsonb,
        'errors', array['pg_graphql is only available on projects running Postgres 14 onwards.']
      );
    end if;
  end;
$$;
grant usage on schema graphql_public to postgres, anon, authenticated, service_role;
alter default privileges in schema graphql_public grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema graphql_public grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema graphql_public grant all on sequences to postgres, anon, authenticated, service_role;

-- migrations/20221028101028_set_authenticator_timeout.sql, 20231130133139_set_lock_timeout_to_authenticator_role.sql
alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
