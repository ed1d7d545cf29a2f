-- "Your sessions" (ASVS 7.5.2): each user lists and ends their own sessions through the Data API
-- (`rpc()`), as on a hosted project, where GoTrue has no endpoint for it. The functions run as their owner to reach
-- auth.sessions, so each one reads and deletes only the rows of `(select auth.uid())`, and its search_path is empty:
-- every name is schema-qualified. Ending a session deletes its row, as GoTrue's logout does; its refresh tokens go
-- with it (auth.refresh_tokens.session_id cascades), so it cannot refresh, and GoTrue answers its access token with
-- 403 session_not_found on the next GET /user. On a hosted project the owner (postgres, which runs `supabase db
-- push`) may read and delete auth.sessions: Supabase grants it all privileges on the auth tables.

-- Helpers the API must not reach: the Data API exposes public (and graphql_public) only.
create schema if not exists private;

-- The caller's user id, or an error: signed out, or a user with a verified second factor in an aal1 session. GoTrue
-- asks aal2 for changes to the email, password and factors; a stolen password alone must not see where the user is
-- signed in nor sign them out.
create function private.session_owner() returns uuid
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
  if coalesce((select auth.jwt()) ->> 'aal', 'aal1') <> 'aal2'
     and exists (select 1 from auth.mfa_factors f where f.user_id = uid and f.status::text = 'verified') then
    raise exception 'an aal2 session is required' using errcode = '42501', hint = 'insufficient_aal';
  end if;
  return uid;
end;
$$;

-- The caller's sessions, newest activity first. ip and refreshed_at are read as GoTrue stores them (inet, and a
-- timestamp without time zone in UTC); a session past its not_after is over and not listed.
create function public.list_my_sessions()
returns table (
  id uuid,
  user_agent text,
  ip text,
  created_at timestamptz,
  updated_at timestamptz,
  refreshed_at timestamptz,
  not_after timestamptz,
  aal text,
  is_current boolean
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  uid uuid := private.session_owner();
begin
  return query select
    s.id,
    s.user_agent,
    host(s.ip),
    s.created_at,
    s.updated_at,
    s.refreshed_at at time zone 'utc',
    s.not_after,
    coalesce(s.aal::text, 'aal1'),
    s.id = nullif((select auth.jwt()) ->> 'session_id', '')::uuid
  from auth.sessions s
  where s.user_id = uid
    and (s.not_after is null or s.not_after > now())
  order by coalesce(s.refreshed_at at time zone 'utc', s.created_at) desc, s.created_at desc, s.id;
end;
$$;

-- Ends one of the caller's other sessions; false when there is none with that id (already ended, another user's,
-- or the caller's own current session, which "sign out" ends instead).
create function public.end_my_session(session_id uuid) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.session_owner();
  current_session uuid := nullif((select auth.jwt()) ->> 'session_id', '')::uuid;
begin
  delete from auth.sessions s
  where s.id = end_my_session.session_id
    and s.user_id = uid
    and s.id is distinct from current_session;
  return found;
end;
$$;

-- Ends every session of the caller but the current one (GoTrue's logout scope=others); returns how many ended.
create function public.end_my_other_sessions() returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.session_owner();
  current_session uuid := nullif((select auth.jwt()) ->> 'session_id', '')::uuid;
  ended integer;
begin
  if current_session is null then
    raise exception 'the token names no session' using errcode = '42501';
  end if;
  delete from auth.sessions s where s.user_id = uid and s.id <> current_session;
  get diagnostics ended = row_count;
  return ended;
end;
$$;

-- Functions are executable by everyone by default (and Supabase's default privileges grant anon too): only
-- signed-in users call these; the helper runs only inside them, as their owner.
revoke all on schema private from public;
revoke execute on function private.session_owner() from public;
revoke execute on function public.list_my_sessions() from public, anon;
revoke execute on function public.end_my_session(uuid) from public, anon;
revoke execute on function public.end_my_other_sessions() from public, anon;
grant execute on function public.list_my_sessions() to authenticated;
grant execute on function public.end_my_session(uuid) to authenticated;
grant execute on function public.end_my_other_sessions() to authenticated;
