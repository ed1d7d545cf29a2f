-- Per-account and per-device limits on password and second-factor guesses (ASVS 6.3.1, docs/security.md): GoTrue
-- limits per IP only. Only the app's server reaches this, with the secret key (lib/auth/attempt-limits.ts); the
-- table has row-level security and no policy, and only service_role may call the functions.

create table public.sign_in_attempts (
  -- `password:<email>`, `totp:<user id>` or `device:<id>:<kind>`, built by the app.
  subject text primary key check (char_length(subject) <= 400),
  failures integer not null default 0,
  window_started_at timestamptz not null default now(),
  -- Lockouts in a row: each one lasts twice the last, up to the caller's maximum.
  lockouts integer not null default 0,
  locked_until timestamptz,
  updated_at timestamptz not null default now()
);

-- Rows idle for a day are dropped, so guesses at made-up addresses cannot fill the table.
create index sign_in_attempts_updated_idx on public.sign_in_attempts (updated_at);

alter table public.sign_in_attempts enable row level security;
revoke all on public.sign_in_attempts from anon, authenticated;

-- When the subject's lockout ends, or null when it is not locked.
create function public.sign_in_locked_until(p_subject text) returns timestamptz
language sql
stable
security definer
set search_path = ''
as $$
  select locked_until from public.sign_in_attempts where subject = p_subject and locked_until > now();
$$;

-- Counts a failure; the one that reaches p_max_failures within p_window_seconds starts a lockout. Returns when
-- the lockout ends, or null.
create function public.sign_in_failed(
  p_subject text,
  p_max_failures integer,
  p_window_seconds integer,
  p_first_lock_seconds integer,
  p_max_lock_seconds integer
) returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  attempt public.sign_in_attempts;
begin
  delete from public.sign_in_attempts where updated_at < now() - interval '1 day';
  insert into public.sign_in_attempts (subject) values (p_subject) on conflict (subject) do nothing;
  select * into attempt from public.sign_in_attempts where subject = p_subject for update;
  if attempt.window_started_at < now() - make_interval(secs => p_window_seconds) then
    attempt.failures := 0;
    attempt.window_started_at := now();
  end if;
  attempt.failures := attempt.failures + 1;
  if attempt.failures >= p_max_failures then
    attempt.lockouts := attempt.lockouts + 1;
    attempt.locked_until := now() + make_interval(
      secs => least(p_first_lock_seconds * power(2, least(attempt.lockouts - 1, 20)), p_max_lock_seconds)
    );
    attempt.failures := 0;
    attempt.window_started_at := now();
  end if;
  update public.sign_in_attempts
    set failures = attempt.failures,
        window_started_at = attempt.window_started_at,
        lockouts = attempt.lockouts,
        locked_until = attempt.locked_until,
        updated_at = now()
    where subject = p_subject;
  return case when attempt.locked_until > now() then attempt.locked_until end;
end;
$$;

-- A success clears the subject's failures and lockouts.
create function public.sign_in_succeeded(p_subject text) returns void
language sql
security definer
set search_path = ''
as $$
  delete from public.sign_in_attempts where subject = p_subject;
$$;

revoke execute on function public.sign_in_locked_until(text) from public, anon, authenticated;
revoke execute on function public.sign_in_failed(text, integer, integer, integer, integer) from public, anon, authenticated;
revoke execute on function public.sign_in_succeeded(text) from public, anon, authenticated;
grant execute on function public.sign_in_locked_until(text) to service_role;
grant execute on function public.sign_in_failed(text, integer, integer, integer, integer) to service_role;
grant execute on function public.sign_in_succeeded(text) to service_role;
