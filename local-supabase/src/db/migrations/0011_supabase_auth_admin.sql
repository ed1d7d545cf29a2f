-- The role GoTrue connects as on hosted projects and in the CLI's stack (supabase/postgres init-scripts
-- 00000000000001-auth-schema.sql), which owns the auth schema there. Auth hooks run as this role
-- (src/auth/rules/hooks.ts), so a Postgres hook needs the grants Supabase's docs ask for, here as on hosted:
-- usage on its schema, execute on the function, and access to the tables it reads.
create role supabase_auth_admin nologin noinherit;
grant usage, create on schema auth to supabase_auth_admin;
grant all on all tables in schema auth to supabase_auth_admin;
grant all on all sequences in schema auth to supabase_auth_admin;
grant all on all functions in schema auth to supabase_auth_admin;
alter default privileges in schema auth grant all on tables to supabase_auth_admin;
alter default privileges in schema auth grant all on sequences to supabase_auth_admin;
alter default privileges in schema auth grant all on functions to supabase_auth_admin;
-- Hosted: the auth API's database user may switch to it.
grant supabase_auth_admin to postgres;
