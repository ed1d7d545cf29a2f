-- Team data asks for the second factor as the session functions do (docs/decisions/0014-team-functions-and-the-second-factor.md):
-- a user with a verified factor reaches their teams only in an aal2 session. A password alone gets a token from
-- GoTrue (aal1) that the app sends on to the code step, but that the Data API would otherwise take as it is: with it,
-- a stolen password could read the team's notes, or invite its holder as an admin and keep access after the password
-- is changed. The policies' helpers see no team for such a session, and the functions refuse it with 42501.

-- True unless the caller has a verified second factor and this session has not used it. Not team-specific:
-- private.session_owner() (applied earlier) asks the same inline; a later change to either should use this one.
create function private.session_meets_second_factor() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select auth.jwt()) ->> 'aal', 'aal1') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f where f.user_id = (select auth.uid()) and f.status::text = 'verified')
$$;

create or replace function private.member_team_ids() returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.team_id from public.team_members m
  where m.user_id = (select auth.uid()) and (select private.session_meets_second_factor())
$$;

create or replace function private.managed_team_ids() returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.team_id from public.team_members m
  where m.user_id = (select auth.uid()) and m.role in ('owner', 'admin')
    and (select private.session_meets_second_factor())
$$;

create or replace function private.owned_team_ids() returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.team_id from public.team_members m
  where m.user_id = (select auth.uid()) and m.role = 'owner' and (select private.session_meets_second_factor())
$$;

-- The signed-in caller in a session strong enough for team data, or 42501 (PostgREST: 401 for anon, 403 otherwise).
create or replace function private.team_caller() returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
begin
  if uid is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  if not private.session_meets_second_factor() then
    raise exception 'an aal2 session is required' using errcode = '42501', hint = 'insufficient_aal';
  end if;
  return uid;
end;
$$;

-- Leaving is the one policy path that names the caller directly rather than through the helpers.
alter policy "team members: leave, or admins and owners remove" on public.team_members
  using (
    (user_id = (select auth.uid()) and (select private.session_meets_second_factor()))
    or team_id = any (array(select private.managed_team_ids()))
  );

-- The leaving policy calls it as the querying role, as the policies call the other helpers.
revoke execute on function private.session_meets_second_factor() from public;
grant execute on function private.session_meets_second_factor() to authenticated;
