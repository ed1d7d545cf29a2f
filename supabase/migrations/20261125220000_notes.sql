-- The notes example: each user's own notes, under row-level security. Removing the example drops this
-- table (docs/notes-example.md, "Removing the example").

create table public.notes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- The same limits as lib/notes/note-schema.ts, so the database refuses what the form refuses.
  title text not null check (char_length(title) <= 120 and btrim(title) <> ''),
  body text not null default '' check (char_length(body) <= 10000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The list's order: a user's notes, newest first (id breaks ties, so pages never overlap).
create index notes_user_created_idx on public.notes (user_id, created_at desc, id desc);

-- updated_at is the version the edit form compares against: the database keeps it, never the client.
create function public.notes_touch() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := clock_timestamp();
  return new;
end;
$$;

create trigger notes_touch before update on public.notes for each row execute function public.notes_touch();

alter table public.notes enable row level security;

create policy "notes: owners read" on public.notes
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "notes: owners add" on public.notes
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "notes: owners change" on public.notes
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "notes: owners delete" on public.notes
  for delete to authenticated using ((select auth.uid()) = user_id);

-- Nothing for anon; signed-in users write the title and body only (id, owner and times are the database's).
revoke all on public.notes from anon;
revoke insert, update on public.notes from authenticated;
grant insert (title, body) on public.notes to authenticated;
grant update (title, body) on public.notes to authenticated;
