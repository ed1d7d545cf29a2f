-- "Your sessions" (20261126003100_user_sessions.sql) act on the caller's session, so a token whose session has ended
-- (signed out, ended elsewhere, past its not_after) must not act at all: an access token stays valid until its `exp`
-- after its session is gone, and before this step one signed out with scope=global could still end the sessions its
-- owner opened afterwards. The caller's session must exist, belong to the caller and not be over; the three functions
-- call this helper first, so they all refuse such a token (42501, hint session_not_found).

create or replace function private.session_owner() returns uuid
language plpgsql
stable
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  claimed text := (select auth.jwt()) ->> 'session_id';
  sid uuid;
begin
  if uid is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  if claimed ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    sid := claimed::uuid;
  end if;
  if sid is null or not exists (
    select 1 from auth.sessions s
    where s.id = sid and s.user_id = uid and (s.not_after is null or s.not_after > now())
  ) then
    raise exception 'the session has ended' using errcode = '42501', hint = 'session_not_found';
  end if;
  if coalesce((select auth.jwt()) ->> 'aal', 'aal1') <> 'aal2'
     and exists (select 1 from auth.mfa_factors f where f.user_id = uid and f.status::text = 'verified') then
    raise exception 'an aal2 session is required' using errcode = '42501', hint = 'insufficient_aal';
  end if;
  return uid;
end;
$$;

revoke execute on function private.session_owner() from public;
