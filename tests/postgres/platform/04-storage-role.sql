-- Storage's role, as the storage service's first migration makes it (github:supabase/storage
-- migrations/tenant/0002-storage-schema.sql) and Supabase's images grant it to postgres (supabase/postgres
-- migrations/db/migrations/20220609081115_grant-supabase-auth-admin-and-supabase-storage-admin-to-postgres.sql),
-- so postgres may write policies on storage.objects in `supabase db push`. The storage schema itself is the local
-- server's step (local-supabase/src/db/migrations/0010_storage_schema.sql), run next as this role so that it owns
-- the tables, as on a hosted project.
create user supabase_storage_admin noinherit createrole login noreplication;
grant create on database postgres to supabase_storage_admin;
grant supabase_storage_admin to postgres;
alter user supabase_storage_admin set search_path = storage;
