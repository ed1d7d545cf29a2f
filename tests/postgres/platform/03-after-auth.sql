-- After GoTrue's migrations: the rest of github.com/supabase/postgres at commit
-- 7db7e1a9e34b9ffb9b0e3372ccf08eb4fa772f4b that decides what `postgres` (the role `supabase db push` connects as)
-- and the API roles may do. Runs as supabase_admin.

-- init-scripts/00000000000003-post-setup.sql: migrations may call extensions unqualified.
alter role supabase_admin set search_path to "$user", public, auth, extensions;
alter role postgres set search_path to "$user", public, extensions;

-- migrations/10000000000000_demote-postgres.sql (the auth and extensions parts): postgres owns nothing of auth but
-- may use all of it, and is no longer a superuser.
grant all on database postgres to postgres;
grant all on schema auth to postgres;
grant all on schema extensions to postgres;
grant all on all tables in schema auth to postgres;
grant all on all tables in schema extensions to postgres;
grant all on all sequences in schema auth to postgres;
grant all on all sequences in schema extensions to postgres;
grant all on all routines in schema auth to postgres;
grant all on all routines in schema extensions to postgres;
alter role postgres nosuperuser createdb createrole login replication bypassrls;

-- migrations/20211124212715_update-auth-owner.sql
alter function auth.uid owner to supabase_auth_admin;
alter function auth.role owner to supabase_auth_admin;
alter function auth.email owner to supabase_auth_admin;

-- migrations/20220609081115_grant-supabase-auth-admin-and-supabase-storage-admin-to-postgres.sql (auth part)
grant supabase_auth_admin to postgres;
-- migrations/20230201083204_grant_auth_roles_to_postgres.sql
grant anon, authenticated, service_role to postgres;
-- migrations/20230529180330_alter_api_roles_for_inherit.sql (without pgsodium)
alter role authenticated inherit;
alter role anon inherit;
alter role service_role inherit;
-- migrations/20240606060239_grant_predefined_roles_to_postgres.sql
grant pg_read_all_data, pg_signal_backend to postgres;
-- migrations/20221103090837_revoke_admin.sql: the Data API's login role cannot become the superuser.
revoke supabase_admin from authenticator;
