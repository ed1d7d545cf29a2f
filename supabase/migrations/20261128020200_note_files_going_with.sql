-- The notes example's files that go when a team or an account does. Their notes go by SQL (`on delete cascade`),
-- but a file has to be removed through the Storage API (hosted Storage refuses deleting storage.objects rows by SQL,
-- and such a delete would leave the bytes behind), and once the notes are gone no policy matches their files. So the
-- app asks for the names first, removes them through Storage, then deletes the rows (lib/notes/note-files-going.ts).
-- Security definer, as private.note_file_count: the caller learns names only, of notes that are theirs to delete
-- with the team or the account (the rules below), and `authenticated` has no usage on the schema `private`.
-- Removing the example drops this file with the notes table.

-- A note's objects, found through the bucket's (bucket_id, name collate "C") index: from `<id>/` up to `<id>0` (the
-- character after '/'), rather than a scan of the whole bucket.
create function private.note_file_names(p_note_ids uuid[]) returns table (name text)
language sql
stable
security definer
set search_path = ''
as $$
  select o.name
  from unnest(p_note_ids) as note(id)
  join storage.objects o
    on o.bucket_id = 'note-files'
    and o.name collate "C" >= note.id::text || '/'
    and o.name collate "C" < note.id::text || '0'
$$;

-- The files of the team's notes, for its owner about to delete it, named by id and address as the delete names it.
-- Anyone else, an admin included, gets none (only an owner may delete the team), nor does an id with another team's
-- address: a delete that then matches nothing must not have cost the team its files.
create function public.team_note_file_names(p_team_id uuid, p_slug text) returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select f.name
  from private.note_file_names(array(
    select n.id from public.notes n
    where n.team_id = p_team_id
      and p_team_id in (select private.owned_team_ids())
      and exists (select 1 from public.teams t where t.id = p_team_id and t.slug = p_slug))) f
$$;

-- The files of the notes that go with the caller's account: every note they wrote (auth.users cascades to it, in a
-- team too), and every note of a team they alone belong to (deleted with them, private.team_members_drop_empty_team).
create function public.account_note_file_names() returns setof text
language sql
stable
security definer
set search_path = ''
as $$
  select f.name
  from private.note_file_names(array(
    select n.id from public.notes n
    where n.user_id = (select auth.uid())
      or n.team_id in (
        select m.team_id from public.team_members m
        where m.user_id = (select auth.uid())
          and not exists (
            select 1 from public.team_members other
            where other.team_id = m.team_id and other.user_id <> m.user_id)))) f
$$;

revoke execute on function private.note_file_names(uuid[]), public.team_note_file_names(uuid, text),
  public.account_note_file_names() from public, anon;
grant execute on function public.team_note_file_names(uuid, text) to authenticated;
grant execute on function public.account_note_file_names() to authenticated;
