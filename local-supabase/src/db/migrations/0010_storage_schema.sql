-- The `storage` schema as Supabase's storage service leaves it after its tenant migrations (migrations/tenant in
-- github:supabase/storage, through 0063): the tables, columns, defaults, triggers, grants and helper functions that
-- policies and clients see. Left out: S3 multipart, analytics/iceberg and vector tables (no API here serves them).
create schema storage;
grant usage on schema storage to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on tables to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to postgres, anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to postgres, anon, authenticated, service_role;

create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');

create table storage.migrations (
  id integer primary key,
  name varchar(100) unique not null,
  hash varchar(40) not null,
  executed_at timestamp default current_timestamp
);

create table storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD',
  versioning_status text not null default 'DISABLED'
    constraint buckets_versioning_status_check check (versioning_status in ('DISABLED', 'ENABLED', 'SUSPENDED')),
  constraint buckets_versioning_standard_only_check check (type = 'STANDARD' or versioning_status = 'DISABLED'),
  constraint buckets_versioning_dark_check check (versioning_status = 'DISABLED')
);
create unique index bname on storage.buckets using btree (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';
alter table storage.buckets enable row level security;

create table storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb,
  archived_at timestamptz,
  is_delete_marker boolean not null default false,
  is_versioned boolean not null default false
);
create unique index bucketid_objname on storage.objects using btree (bucket_id, name);
create index idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
create index name_prefix_search on storage.objects (name text_pattern_ops);
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';
alter table storage.objects enable row level security;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- Path helpers for policies: storage.foldername('a/b/c.png') = {a,b}, filename = 'c.png', extension = 'png'.
create function storage.foldername(name text) returns text[] language plpgsql immutable as $$
declare
  _parts text[] := string_to_array(name, '/');
begin
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create function storage.filename(name text) returns text language plpgsql immutable as $$
declare
  _parts text[] := string_to_array(name, '/');
begin
  return _parts[array_length(_parts, 1)];
end
$$;

create function storage.extension(name text) returns text language plpgsql immutable as $$
declare
  _parts text[] := string_to_array(name, '/');
  _filename text := _parts[array_length(_parts, 1)];
begin
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

create function storage.get_size_by_bucket() returns table (size bigint, bucket_id text)
language plpgsql stable as $$
begin
  return query
    select sum((o.metadata ->> 'size')::bigint)::bigint as size, o.bucket_id
    from storage.objects as o
    group by o.bucket_id;
end
$$;

-- The API operation running (e.g. 'storage.object.upload'), for policies that allow some operations only.
create function storage.operation() returns text language plpgsql stable as $$
begin
  return current_setting('storage.operation', true);
end
$$;

create function storage.allow_only_operation(expected_operation text) returns boolean language sql stable as $$
  select coalesce(expected_operation, '') <> ''
    and coalesce(
      regexp_replace(storage.operation(), '^storage\.', '') = regexp_replace(expected_operation, '^storage\.', ''),
      false
    );
$$;

create function storage.allow_any_operation(expected_operations text[]) returns boolean language sql stable as $$
  select exists (
    select 1 from unnest(expected_operations) as e
    where coalesce(e, '') <> ''
      and regexp_replace(storage.operation(), '^storage\.', '') = regexp_replace(e, '^storage\.', '')
  );
$$;

-- Listing one folder level (the v1 list endpoint): the folders and files directly under `prefix` whose remaining
-- name starts with `search`, names relative to the prefix, folders with null id and metadata.
create function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
) returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
) security invoker language plpgsql stable as $$
declare
  v_prefix text := coalesce(prefix, '') || coalesce(search, '');
  v_start int := coalesce(array_length(string_to_array(coalesce(prefix, ''), '/'), 1), 1);
  v_depth int := coalesce(array_length(string_to_array(coalesce(prefix, '') || coalesce(search, '') || 'x', '/'), 1), 1);
  v_column text := case lower(coalesce(sortcolumn, 'name'))
    when 'updated_at' then 'updated_at'
    when 'created_at' then 'created_at'
    when 'last_accessed_at' then 'last_accessed_at'
    else 'name' end;
  v_order text := case when lower(coalesce(sortorder, 'asc')) = 'desc' then 'desc' else 'asc' end;
begin
  return query execute format(
    $sql$
    with matched as (
      select o.* from storage.objects o
      where o.bucket_id = $1 and o.name ilike replace(replace(replace($2, '\', '\\'), '%%', '\%%'), '_', '\_') || '%%'
    ),
    entries as (
      select distinct on (array_to_string(m.path_tokens[$3:$4], '/'))
        array_to_string(m.path_tokens[$3:$4], '/') as name,
        case when array_length(m.path_tokens, 1) = $4 then m.id end as id,
        case when array_length(m.path_tokens, 1) = $4 then m.updated_at end as updated_at,
        case when array_length(m.path_tokens, 1) = $4 then m.created_at end as created_at,
        case when array_length(m.path_tokens, 1) = $4 then m.last_accessed_at end as last_accessed_at,
        case when array_length(m.path_tokens, 1) = $4 then m.metadata end as metadata
      from matched m
      order by array_to_string(m.path_tokens[$3:$4], '/'), array_length(m.path_tokens, 1) desc
    )
    select e.name, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata from entries e
    order by %s
    limit $5 offset $6
    $sql$,
    -- By name, folders and files interleave; by a date, folders (which have none) come first.
    case when v_column = 'name' then format('e.name collate "C" %s', v_order)
      else format('(e.id is null) desc, e.%I %s, e.name collate "C" %s', v_column, v_order, v_order) end
  ) using bucketname, v_prefix, v_start, v_depth, least(coalesce(limits, 100), 1500), greatest(coalesce(offsets, 0), 0);
end
$$;

create function storage.update_updated_at_column() returns trigger language plpgsql as $$
begin
  new.updated_at = now();
  return new;
end
$$;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute function storage.update_updated_at_column();

create function storage.enforce_bucket_name_length() returns trigger language plpgsql as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end
$$;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

-- Rows deleted without the API would leave their bytes behind: only the API's transactions set the flag.
create function storage.protect_delete() returns trigger language plpgsql as $$
begin
  if coalesce(current_setting('storage.allow_delete_query', true), 'false') <> 'true' then
    raise exception 'Direct deletion from storage tables is not allowed. Use the Storage API instead.'
      using hint = 'This prevents accidental data loss from orphaned objects.', errcode = '42501';
  end if;
  return null;
end
$$;
create trigger protect_buckets_delete before delete on storage.buckets
  for each statement execute function storage.protect_delete();
create trigger protect_objects_delete before delete on storage.objects
  for each statement execute function storage.protect_delete();
