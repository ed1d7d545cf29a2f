-- Per-account limits on password and authenticator-code guesses (ASVS 6.3.1, docs/security.md) kept by the auth
-- server itself: GoTrue calls private.password_verification_attempt on every password check and
-- private.mfa_verification_attempt on every TOTP verification (Auth Hooks, [auth.hook.*] in config.toml), so no
-- client can walk around them. A lock refuses even the right password or code until it ends; the refusal's message
-- carries the time the lock ends, which the app turns into its localized "try again in … minutes".
--
-- A browser that holds the app's device cookie for the account (signed by the app's server) is exempt from the
-- account's lock and has a limit of its own. A hook sees only the user, the outcome and the caller's IP, so the app's
-- server vouches for such a browser just before its attempt (public.sign_in_device_pass, secret key only): the next
-- attempt at that account from that IP within a minute counts against the device instead.
--
-- Where the hooks are off (hosted plans below Team, docs/deployment.md), the app's server records each attempt
-- through public.sign_in_attempt_check / public.sign_in_attempt_record, which apply the same rules.
--
-- The counters are public.sign_in_attempts (20261126003000_sign_in_attempts.sql). Subjects: `password:<user id>`,
-- `totp:<user id>`, `device:<id>:<kind>`. Runs on Postgres 17 (hosted) and the local server alike.

create table private.sign_in_attempt_policies (
  kind text not null check (kind in ('password', 'totp')),
  scope text not null check (scope in ('account', 'device')),
  -- Failures within the window that start a lockout.
  max_failures integer not null check (max_failures > 0),
  window_seconds integer not null check (window_seconds > 0),
  -- The first lockout; each next one doubles, up to max_lock_seconds.
  first_lock_seconds integer not null check (first_lock_seconds > 0),
  max_lock_seconds integer not null check (max_lock_seconds >= first_lock_seconds),
  primary key (kind, scope)
);

-- The numbers and their reasons: docs/security.md, 6.3.1.
insert into private.sign_in_attempt_policies values
  ('password', 'account', 10, 900, 60, 900),
  ('password', 'device', 5, 900, 60, 900),
  ('totp', 'account', 5, 900, 60, 900),
  ('totp', 'device', 5, 900, 60, 900);

-- The app's word that the next attempt at an account from an IP comes from a browser it knows (see above).
create table private.sign_in_device_passes (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('password', 'totp')),
  -- The visitor's IP as the app sends it to the auth server (Sb-Forwarded-For); '' when the app knows none.
  ip text not null,
  device text not null check (char_length(device) <= 64),
  created_at timestamptz not null default now(),
  primary key (user_id, kind, ip)
);

-- The account an attempt is at: the user with that email for passwords (as GoTrue stores it: lower case), the user
-- id for codes.
create function private.sign_in_attempt_user(p_kind text, p_account text) returns uuid
language sql
stable
set search_path = ''
as $$
  select case
    when p_kind = 'password' then (select u.id from auth.users u where u.email = lower(trim(p_account)) limit 1)
    when p_account ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then p_account::uuid
  end;
$$;

-- The subject and policy of an attempt: a fresh device pass for this user, kind and IP (taken when p_take), else
-- the account's.
create function private.sign_in_attempt_subject(p_kind text, p_user_id uuid, p_ip text, p_take boolean)
returns table (subject text, policy private.sign_in_attempt_policies)
language plpgsql
set search_path = ''
as $$
declare
  pass_ip text;
  pass_device text;
begin
  delete from private.sign_in_device_passes where created_at < now() - interval '1 minute';
  -- A pass for this very IP first, else one the app gave without an IP.
  select d.ip, d.device into pass_ip, pass_device from private.sign_in_device_passes d
    where d.user_id = p_user_id and d.kind = p_kind and d.ip in (coalesce(p_ip, ''), '')
    order by d.ip = ''
    limit 1;
  if p_take and pass_device is not null then
    delete from private.sign_in_device_passes d
      where d.user_id = p_user_id and d.kind = p_kind and d.ip = pass_ip;
  end if;
  return query
    select
      case when pass_device is null then p_kind || ':' || p_user_id else 'device:' || pass_device || ':' || p_kind end,
      p
    from private.sign_in_attempt_policies p
    where p.kind = p_kind and p.scope = case when pass_device is null then 'account' else 'device' end;
end;
$$;

-- One judged attempt: while its subject is locked, refused whatever the outcome (the lock's end is returned);
-- otherwise a right guess clears the subject and a wrong one counts (returning the lock's end if it starts one).
create function private.sign_in_attempt(p_kind text, p_user_id uuid, p_ip text, p_valid boolean)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  s record;
  locked timestamptz;
begin
  select * into s from private.sign_in_attempt_subject(p_kind, p_user_id, p_ip, true);
  locked := public.sign_in_locked_until(s.subject);
  if locked is not null then
    return locked;
  end if;
  if p_valid then
    perform public.sign_in_succeeded(s.subject);
    return null;
  end if;
  return public.sign_in_failed(
    s.subject,
    (s.policy).max_failures,
    (s.policy).window_seconds,
    (s.policy).first_lock_seconds,
    (s.policy).max_lock_seconds
  );
end;
$$;

-- The refusal's message: English for API clients, ending in the lock's end in UTC, which the app reads.
create function private.sign_in_locked_message(p_until timestamptz) returns text
language sql
immutable
set search_path = ''
as $$
  select 'Too many failed attempts for this account. Try again after '
    || to_char(p_until at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') || '.';
$$;

-- The Auth Hooks. GoTrue reads `decision` ("reject" refuses the attempt) and `message`; an error here refuses it too
-- (GoTrue answers 500), so a failing or slow lookup never lets a guess through.
create function private.password_verification_attempt(event jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  locked timestamptz := private.sign_in_attempt(
    'password', (event ->> 'user_id')::uuid, event -> 'metadata' ->> 'ip_address', (event ->> 'valid')::boolean
  );
begin
  if locked is null then
    return jsonb_build_object('decision', 'continue');
  end if;
  return jsonb_build_object('decision', 'reject', 'message', private.sign_in_locked_message(locked));
end;
$$;

create function private.mfa_verification_attempt(event jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  locked timestamptz;
begin
  -- Only authenticator codes are guessable; WebAuthn answers are not counted.
  if event ->> 'factor_type' is distinct from 'totp' then
    return jsonb_build_object('decision', 'continue');
  end if;
  locked := private.sign_in_attempt(
    'totp', (event ->> 'user_id')::uuid, event -> 'metadata' ->> 'ip_address', (event ->> 'valid')::boolean
  );
  if locked is null then
    return jsonb_build_object('decision', 'continue');
  end if;
  return jsonb_build_object('decision', 'reject', 'message', private.sign_in_locked_message(locked));
end;
$$;

-- For the app's server (secret key): vouching for a known browser, and the same rules where the hooks are off.
create function public.sign_in_device_pass(p_kind text, p_account text, p_ip text, p_device text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.sign_in_attempt_user(p_kind, p_account);
begin
  if uid is null then
    return;
  end if;
  insert into private.sign_in_device_passes (user_id, kind, ip, device)
    values (uid, p_kind, coalesce(p_ip, ''), p_device)
    on conflict (user_id, kind, ip) do update set device = excluded.device, created_at = now();
end;
$$;

-- When the attempt's subject is locked (without taking the device pass), or null.
create function public.sign_in_attempt_check(p_kind text, p_account text, p_ip text) returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.sign_in_attempt_user(p_kind, p_account);
  s record;
begin
  if uid is null then
    return null;
  end if;
  select * into s from private.sign_in_attempt_subject(p_kind, uid, p_ip, false);
  return public.sign_in_locked_until(s.subject);
end;
$$;

-- Records an attempt the auth server judged (the hooks' rule); returns the lock's end if one holds or starts.
create function public.sign_in_attempt_record(p_kind text, p_account text, p_ip text, p_valid boolean)
returns timestamptz
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.sign_in_attempt_user(p_kind, p_account);
begin
  if uid is null then
    return null;
  end if;
  return private.sign_in_attempt(p_kind, uid, p_ip, p_valid);
end;
$$;

alter table private.sign_in_attempt_policies enable row level security;
alter table private.sign_in_device_passes enable row level security;
revoke all on private.sign_in_attempt_policies, private.sign_in_device_passes from public, anon, authenticated, service_role;

-- Functions are executable by everyone by default, and Supabase's default privileges grant the API roles too.
revoke execute on function private.sign_in_attempt_user(text, text) from public, anon, authenticated, service_role;
revoke execute on function private.sign_in_attempt_subject(text, uuid, text, boolean) from public, anon, authenticated, service_role;
revoke execute on function private.sign_in_attempt(text, uuid, text, boolean) from public, anon, authenticated, service_role;
revoke execute on function private.sign_in_locked_message(timestamptz) from public, anon, authenticated, service_role;
revoke execute on function private.password_verification_attempt(jsonb) from public, anon, authenticated, service_role;
revoke execute on function private.mfa_verification_attempt(jsonb) from public, anon, authenticated, service_role;
revoke execute on function public.sign_in_device_pass(text, text, text, text) from public, anon, authenticated;
revoke execute on function public.sign_in_attempt_check(text, text, text) from public, anon, authenticated;
revoke execute on function public.sign_in_attempt_record(text, text, text, boolean) from public, anon, authenticated;
grant execute on function public.sign_in_device_pass(text, text, text, text) to service_role;
grant execute on function public.sign_in_attempt_check(text, text, text) to service_role;
grant execute on function public.sign_in_attempt_record(text, text, text, boolean) to service_role;

-- GoTrue runs hooks as supabase_auth_admin (Supabase's Auth Hooks docs): it may use the private schema and call the
-- two hooks and what they call; sign_in_attempt runs as its owner to reach the counters.
grant usage on schema private to supabase_auth_admin;
grant execute on function private.password_verification_attempt(jsonb) to supabase_auth_admin;
grant execute on function private.mfa_verification_attempt(jsonb) to supabase_auth_admin;
grant execute on function private.sign_in_attempt(text, uuid, text, boolean) to supabase_auth_admin;
grant execute on function private.sign_in_locked_message(timestamptz) to supabase_auth_admin;
