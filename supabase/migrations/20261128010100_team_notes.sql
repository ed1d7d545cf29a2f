-- The notes example's team notes: a note belongs to its author alone (team_id null, as before) or to a team, whose
-- members read and add them and whose admins and owners, like the author while a member, change and delete them.
-- Removing the example drops this file with the notes table (docs/notes-example.md). The helpers are the teams
-- migration's (private.member_team_ids, private.managed_team_ids: the caller's teams, once per statement).

alter table public.notes add column team_id uuid references public.teams (id) on delete cascade;

-- A team's notes, newest first, as the personal list (the policies' team lookups use it too).
create index notes_team_created_idx on public.notes (team_id, created_at desc, id desc) where team_id is not null;

drop policy "notes: owners read" on public.notes;
drop policy "notes: owners add" on public.notes;
drop policy "notes: owners change" on public.notes;
drop policy "notes: owners delete" on public.notes;

create policy "notes: authors and team members read" on public.notes
  for select to authenticated
  using (
    (team_id is null and user_id = (select auth.uid()))
    or team_id = any (array(select private.member_team_ids()))
  );
create policy "notes: authors add, to their own teams" on public.notes
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (team_id is null or team_id = any (array(select private.member_team_ids())))
  );
create policy "notes: authors, and team admins and owners, change" on public.notes
  for update to authenticated
  using (
    (user_id = (select auth.uid()) and (team_id is null or team_id = any (array(select private.member_team_ids()))))
    or team_id = any (array(select private.managed_team_ids()))
  )
  with check (
    (user_id = (select auth.uid()) and (team_id is null or team_id = any (array(select private.member_team_ids()))))
    or team_id = any (array(select private.managed_team_ids()))
  );
create policy "notes: authors, and team admins and owners, delete" on public.notes
  for delete to authenticated
  using (
    (user_id = (select auth.uid()) and (team_id is null or team_id = any (array(select private.member_team_ids()))))
    or team_id = any (array(select private.managed_team_ids()))
  );

-- A note is written into a team when it is added; it never moves (update stays title and body).
grant insert (team_id) on public.notes to authenticated;
