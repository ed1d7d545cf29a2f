-- The notes example's attachments, in the bucket `note-files` (config.toml creates it: private, 10 MiB, images and
-- PDFs). A file lives under its note, `<note id>/<file>`: whoever can read the note reads its files, and whoever
-- can change the note (its author, or a team admin or owner: the update policy on public.notes) adds and removes
-- them, at most 10 per note. Files are never replaced in place: there is no update policy.
-- Removing the example drops this file with the notes table (docs/notes-example.md). The app removes a note's
-- files through the Storage API before the note (lib/notes/note-actions.ts): hosted Storage refuses deleting
-- storage.objects rows by SQL, and a row deleted that way would leave its bytes behind.

-- The note an object's path names, or null for a path that names none (so a malformed name is no cast error).
create function private.note_file_note(p_name text) returns uuid
language sql
immutable
set search_path = ''
as $$
  select case
    when split_part(p_name, '/', 1) ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      then split_part(p_name, '/', 1)::uuid
  end
$$;

-- Whether the caller may change the note: the update policy of public.notes, spelled out again (security definer,
-- as the team helpers it calls; that policy's rule implies its select policy's).
create function private.can_change_note(p_note_id uuid) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.notes n
    where n.id = p_note_id
      and (
        (n.user_id = (select auth.uid())
          and (n.team_id is null or n.team_id = any (array(select private.member_team_ids()))))
        or n.team_id = any (array(select private.managed_team_ids()))
      )
  )
$$;

-- How many files the note has now (the insert check runs before its own row is written).
create function private.note_file_count(p_note_id uuid) returns bigint
language sql
stable
security definer
set search_path = ''
as $$
  select count(*) from storage.objects o
  where o.bucket_id = 'note-files' and private.note_file_note(o.name) = p_note_id
$$;

revoke execute on function private.note_file_note(text), private.can_change_note(uuid),
  private.note_file_count(uuid) from public;
grant execute on function private.note_file_note(text) to authenticated;
grant execute on function private.can_change_note(uuid) to authenticated;
grant execute on function private.note_file_count(uuid) to authenticated;

create policy "note-files: readers of the note read" on storage.objects
  for select to authenticated
  using (
    bucket_id = 'note-files'
    and exists (select 1 from public.notes n where n.id = private.note_file_note(name))
  );

create policy "note-files: those who change the note add, up to 10" on storage.objects
  for insert to authenticated
  with check (
    bucket_id = 'note-files'
    and private.can_change_note(private.note_file_note(name))
    and private.note_file_count(private.note_file_note(name)) < 10
  );

create policy "note-files: those who change the note remove" on storage.objects
  for delete to authenticated
  using (bucket_id = 'note-files' and private.can_change_note(private.note_file_note(name)));
