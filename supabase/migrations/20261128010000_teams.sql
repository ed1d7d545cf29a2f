-- Teams: people work together in a team, each as its owner, an admin or a member, and join it by an emailed
-- invitation. A capability of the foundation (docs/teams.md), kept after the notes example is removed.
--
-- The database keeps the rules, whatever a client sends through the Data API:
--   * a team always has an owner: removing, demoting or the leaving of its last owner is refused (team_last_owner);
--   * nobody raises their own role; admins manage members and admins, never owners; only owners delete the team or
--     hand it over (team_role_forbidden);
--   * memberships are made by create_team and accept_team_invitation only, invitations by the functions below only;
--   * an invitation's token is 32 random bytes shown once; only its SHA-256 is stored;
--   * deleting an account is refused while it is the sole owner of a team with other members (team_sole_owner); a
--     team left with nobody is deleted, its rows with it.
-- Each rule's error is raised with SQLSTATE P0001 and a message that is exactly its code: PostgREST answers it as
-- HTTP 400 with `message` = the code, which the app turns into words.
--
-- Policies call helpers in the schema `private` (not exposed by the Data API): `security definer`, so they read
-- team_members without recursing into its own policies, and an empty search_path, so every name is qualified. Each
-- returns the caller's team ids as a set and is called as `id = any (array(select private.fn()))`: an InitPlan,
-- run once per statement, not once per row, whose array the planner can also use as an index condition (a hashed
-- `in (select …)` subplan is only a filter: a policy with an `or`, such as team notes', then scans the table).

create type public.team_role as enum ('owner', 'admin', 'member');

create table public.teams (
  id uuid primary key default gen_random_uuid(),
  -- The team's address in URLs: 3 to 48 lower-case letters, digits and hyphens, no hyphen first or last.
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]{1,46}[a-z0-9]$'),
  name text not null check (char_length(name) between 1 and 80 and name = btrim(name)),
  created_at timestamptz not null default now()
);

create table public.team_members (
  team_id uuid not null references public.teams (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.team_role not null default 'member',
  joined_at timestamptz not null default now(),
  primary key (team_id, user_id)
);

-- The helpers look up the caller's memberships by user (the primary key serves lookups by team).
create index team_members_user_idx on public.team_members (user_id, team_id, role);

create table public.team_invitations (
  id uuid primary key default gen_random_uuid(),
  team_id uuid not null references public.teams (id) on delete cascade,
  email text not null check (email = lower(btrim(email)) and email ~ '^[^@\s]+@[^@\s]+$' and char_length(email) <= 320),
  -- Ownership is handed over by transfer_team_ownership, never by invitation.
  role public.team_role not null check (role <> 'owner'),
  invited_by uuid references auth.users (id) on delete set null,
  token_hash bytea not null unique check (octet_length(token_hash) = 32),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  last_sent_at timestamptz not null default now(),
  accepted_at timestamptz,
  accepted_by uuid references auth.users (id) on delete set null,
  revoked_at timestamptz,
  declined_at timestamptz
);

-- One open invitation per team and address: inviting it again replaces its token. Also the admins' list by team.
create unique index team_invitations_open_idx on public.team_invitations (team_id, email)
  where accepted_at is null and revoked_at is null and declined_at is null;
create index team_invitations_team_idx on public.team_invitations (team_id, created_at desc);
-- "Invitations waiting for my address".
create index team_invitations_email_idx on public.team_invitations (email)
  where accepted_at is null and revoked_at is null and declined_at is null;

create schema if not exists private;

-- Every invitation email sent (a first send, a replacement, a resend), for the limit of 50 per team per day.
create table private.team_invitation_sends (
  team_id uuid not null references public.teams (id) on delete cascade,
  sent_at timestamptz not null default now()
);
create index team_invitation_sends_team_idx on private.team_invitation_sends (team_id, sent_at);
alter table private.team_invitation_sends enable row level security;

-- ---------------------------------------------------------------------------------------------------------------
-- The policies' helpers: the caller's teams, at least as a member, an admin or an owner.

create function private.member_team_ids() returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.team_id from public.team_members m where m.user_id = (select auth.uid())
$$;

create function private.managed_team_ids() returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.team_id from public.team_members m
  where m.user_id = (select auth.uid()) and m.role in ('owner', 'admin')
$$;

create function private.owned_team_ids() returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select m.team_id from public.team_members m where m.user_id = (select auth.uid()) and m.role = 'owner'
$$;

-- The caller's role in a team, or null.
create function private.team_role_of(p_team_id uuid, p_user_id uuid) returns public.team_role
language sql
stable
security definer
set search_path = ''
as $$
  select m.role from public.team_members m where m.team_id = p_team_id and m.user_id = p_user_id
$$;

-- owner > admin > member, for "nobody raises their own role".
create function private.team_role_rank(p_role public.team_role) returns integer
language sql
immutable
set search_path = ''
as $$
  select case p_role when 'owner' then 3 when 'admin' then 2 else 1 end
$$;

-- Raises one of the codes above as P0001 (the message is the code; PostgREST answers HTTP 400).
create function private.team_error(p_code text) returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception using errcode = 'P0001', message = p_code;
end;
$$;

-- The signed-in caller, or 42501 (PostgREST: 401 for anon, 403 otherwise).
create function private.team_caller() returns uuid
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
  return uid;
end;
$$;

-- A token: 32 bytes from pgcrypto (in `extensions`, as on hosted projects), base64url without padding (43
-- characters). Only sha256() of the bytes is stored.
create function private.team_invitation_token() returns text
language sql
volatile
set search_path = ''
as $$
  select rtrim(translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/', '-_'), '=')
$$;

-- The stored hash of a token as given, or null when it is not one (so a malformed token is simply not found).
create function private.team_invitation_hash(p_token text) returns bytea
language sql
immutable
set search_path = ''
as $$
  select case when p_token ~ '^[A-Za-z0-9_-]{43}$'
    then sha256(decode(translate(p_token, '-_', '+/') || '=', 'base64')) end
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- The rules on memberships, for every way a row changes: a client's update or delete under the policies, the
-- functions below, and the cascades from deleting a team or an account.

create function private.team_members_guard() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := (select auth.uid());
  caller_role public.team_role;
  other_owners boolean;
begin
  -- The team itself is being deleted (by an owner, under the teams policy): its memberships go with it.
  if not exists (select 1 from public.teams t where t.id = old.team_id) then
    if tg_op = 'DELETE' then
      return old;
    end if;
    return new;
  end if;
  -- Serialise every change to a team's memberships, so two owners demoting each other cannot both succeed.
  perform 1 from public.teams t where t.id = old.team_id for update;

  if tg_op = 'UPDATE' then
    if new.team_id <> old.team_id or new.user_id <> old.user_id then
      perform private.team_error('team_role_forbidden');
    end if;
    if new.role = old.role then
      return new;
    end if;
    if caller is not null then
      caller_role := private.team_role_of(old.team_id, caller);
      if caller_role is null or caller_role = 'member'
         or (old.user_id = caller and private.team_role_rank(new.role) > private.team_role_rank(old.role))
         or (caller_role = 'admin' and 'owner' in (old.role, new.role)) then
        perform private.team_error('team_role_forbidden');
      end if;
    end if;
    if old.role = 'owner' and not exists (
      select 1 from public.team_members m
      where m.team_id = old.team_id and m.role = 'owner' and m.user_id <> old.user_id
    ) then
      perform private.team_error('team_last_owner');
    end if;
    return new;
  end if;

  -- DELETE. The account itself is being deleted (auth.users cascades): the account-deletion rule.
  if not exists (select 1 from auth.users u where u.id = old.user_id) then
    if old.role = 'owner'
       and not exists (
         select 1 from public.team_members m
         where m.team_id = old.team_id and m.role = 'owner' and m.user_id <> old.user_id)
       and exists (
         select 1 from public.team_members m where m.team_id = old.team_id and m.user_id <> old.user_id) then
      perform private.team_error('team_sole_owner');
    end if;
    return old;
  end if;

  if caller is not null and old.user_id <> caller then
    caller_role := private.team_role_of(old.team_id, caller);
    if caller_role is null or caller_role = 'member' or (caller_role = 'admin' and old.role = 'owner') then
      perform private.team_error('team_role_forbidden');
    end if;
  end if;
  if old.role = 'owner' and not exists (
    select 1 from public.team_members m
    where m.team_id = old.team_id and m.role = 'owner' and m.user_id <> old.user_id
  ) then
    perform private.team_error('team_last_owner');
  end if;
  return old;
end;
$$;

create trigger team_members_guard before update or delete on public.team_members
  for each row execute function private.team_members_guard();

-- A team nobody belongs to any more (its sole member deleted their account) is deleted, with what it owns.
create function private.team_members_drop_empty_team() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.teams t
  where t.id = old.team_id and not exists (select 1 from public.team_members m where m.team_id = old.team_id);
  return null;
end;
$$;

create trigger team_members_drop_empty_team after delete on public.team_members
  for each row execute function private.team_members_drop_empty_team();

-- ---------------------------------------------------------------------------------------------------------------
-- Row-level security: one policy per command and role; anon has no grant at all.

alter table public.teams enable row level security;
alter table public.team_members enable row level security;
alter table public.team_invitations enable row level security;

create policy "teams: members read" on public.teams
  for select to authenticated using (id = any (array(select private.member_team_ids())));
create policy "teams: admins and owners rename" on public.teams
  for update to authenticated
  using (id = any (array(select private.managed_team_ids())))
  with check (id = any (array(select private.managed_team_ids())));
create policy "teams: owners delete" on public.teams
  for delete to authenticated using (id = any (array(select private.owned_team_ids())));

create policy "team members: members read" on public.team_members
  for select to authenticated using (team_id = any (array(select private.member_team_ids())));
-- Which role changes are allowed is team_members_guard's to say.
create policy "team members: admins and owners change roles" on public.team_members
  for update to authenticated
  using (team_id = any (array(select private.managed_team_ids())))
  with check (team_id = any (array(select private.managed_team_ids())));
create policy "team members: leave, or admins and owners remove" on public.team_members
  for delete to authenticated
  using (user_id = (select auth.uid()) or team_id = any (array(select private.managed_team_ids())));

create policy "team invitations: admins and owners read" on public.team_invitations
  for select to authenticated using (team_id = any (array(select private.managed_team_ids())));

revoke all on public.teams, public.team_members, public.team_invitations from anon, authenticated;
grant select, delete on public.teams to authenticated;
grant update (name) on public.teams to authenticated;
grant select, delete on public.team_members to authenticated;
grant update (role) on public.team_members to authenticated;
grant select on public.team_invitations to authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- Functions the app calls through `rpc()`. Each runs as its owner to write what clients may not, checks the caller
-- itself, and qualifies every name.

-- A new team with the caller as its owner.
create function public.create_team(p_slug text, p_name text) returns public.teams
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.team_caller();
  team public.teams;
begin
  begin
    insert into public.teams (slug, name) values (p_slug, p_name) returning * into team;
  exception when unique_violation then
    perform private.team_error('team_slug_taken');
  end;
  insert into public.team_members (team_id, user_id, role) values (team.id, uid, 'owner');
  return team;
end;
$$;

-- The owner hands the team to another member, who becomes an owner; the caller stays on as an admin.
create function public.transfer_team_ownership(p_team_id uuid, p_user_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.team_caller();
begin
  if private.team_role_of(p_team_id, uid) is distinct from 'owner' then
    perform private.team_error('team_role_forbidden');
  end if;
  if private.team_role_of(p_team_id, p_user_id) is null then
    perform private.team_error('team_member_not_found');
  end if;
  if p_user_id = uid then
    return;
  end if;
  update public.team_members set role = 'owner' where team_id = p_team_id and user_id = p_user_id;
  update public.team_members set role = 'admin' where team_id = p_team_id and user_id = uid;
end;
$$;

-- The members with their addresses and names (the account page's display name), for the team's own members
-- (others get no rows): owners first.
create function public.team_member_list(p_team_id uuid)
returns table (user_id uuid, email text, display_name text, role public.team_role, joined_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select m.user_id, u.email::text, nullif(btrim(u.raw_user_meta_data ->> 'display_name'), ''), m.role, m.joined_at
  from public.team_members m
  join auth.users u on u.id = m.user_id
  where m.team_id = p_team_id
    and p_team_id in (select private.member_team_ids())
  order by private.team_role_rank(m.role) desc, lower(u.email), m.user_id
$$;

-- Counts a send against the team's daily limit, or refuses it.
create function private.team_invitation_count_send(p_team_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (select count(*) from private.team_invitation_sends s
      where s.team_id = p_team_id and s.sent_at > now() - interval '1 day') >= 50 then
    perform private.team_error('team_invitation_daily_limit');
  end if;
  -- Sends older than a day count for nothing any more.
  delete from private.team_invitation_sends s where s.team_id = p_team_id and s.sent_at <= now() - interval '1 day';
  insert into private.team_invitation_sends (team_id) values (p_team_id);
end;
$$;

-- The language an invitation email is written in: the invitee's stored choice when the address has an account,
-- else the inviter's (docs/decisions/0010-invitation-language.md weighs what this tells an inviter).
create function private.team_invitation_locale(p_email text, p_locale text) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(
    (select nullif(u.raw_user_meta_data ->> 'locale', '') from auth.users u
     where lower(u.email) = p_email order by u.created_at limit 1),
    p_locale)
$$;

-- Invites an address to the team (admins and owners). Inviting an address with an open invitation replaces its
-- token and role, and counts as a send. The token is returned once, for the email's link.
create function public.invite_to_team(p_team_id uuid, p_email text, p_role public.team_role, p_locale text)
returns table (invitation_id uuid, token text, locale text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.team_caller();
  address text := lower(btrim(p_email));
  new_token text := private.team_invitation_token();
  existing public.team_invitations;
  invitation uuid;
begin
  if private.team_role_of(p_team_id, uid) is distinct from 'owner'
     and private.team_role_of(p_team_id, uid) is distinct from 'admin' then
    perform private.team_error('team_role_forbidden');
  end if;
  if p_role is null or p_role = 'owner' then
    perform private.team_error('team_role_forbidden');
  end if;
  if address is null or address !~ '^[^@\s]+@[^@\s]+$' or char_length(address) > 320 then
    perform private.team_error('team_invitation_email_invalid');
  end if;
  -- One invitation at a time per team: the limits below count what the others did.
  perform 1 from public.teams t where t.id = p_team_id for update;
  if exists (
    select 1 from public.team_members m join auth.users u on u.id = m.user_id
    where m.team_id = p_team_id and lower(u.email) = address
  ) then
    perform private.team_error('team_invitation_member');
  end if;

  select * into existing from public.team_invitations i
  where i.team_id = p_team_id and i.email = address
    and i.accepted_at is null and i.revoked_at is null and i.declined_at is null
  for update;
  if existing.id is not null then
    if existing.last_sent_at > now() - interval '1 minute' then
      perform private.team_error('team_invitation_resend_too_soon');
    end if;
  end if;
  if existing.id is null or existing.expires_at <= now() then
    if (select count(*) from public.team_invitations i
        where i.team_id = p_team_id and i.accepted_at is null and i.revoked_at is null
          and i.declined_at is null and i.expires_at > now()) >= 20 then
      perform private.team_error('team_invitation_limit');
    end if;
  end if;
  perform private.team_invitation_count_send(p_team_id);

  if existing.id is null then
    insert into public.team_invitations (team_id, email, role, invited_by, token_hash, expires_at)
    values (p_team_id, address, p_role, uid, private.team_invitation_hash(new_token), now() + interval '7 days')
    returning team_invitations.id into invitation;
  else
    update public.team_invitations i
    set role = p_role, invited_by = uid, token_hash = private.team_invitation_hash(new_token),
        expires_at = now() + interval '7 days', last_sent_at = now()
    where i.id = existing.id;
    invitation := existing.id;
  end if;
  return query select invitation, new_token, private.team_invitation_locale(address, p_locale);
end;
$$;

-- An open invitation of a team the caller manages, locked, or the reason there is none.
create function private.managed_open_invitation(p_invitation_id uuid) returns public.team_invitations
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation public.team_invitations;
begin
  select * into invitation from public.team_invitations i
  where i.id = p_invitation_id and i.team_id in (select private.managed_team_ids())
  for update;
  if invitation.id is null then
    perform private.team_error('invitation_not_found');
  elsif invitation.accepted_at is not null then
    perform private.team_error('invitation_used');
  elsif invitation.revoked_at is not null then
    perform private.team_error('invitation_revoked');
  elsif invitation.declined_at is not null then
    perform private.team_error('invitation_declined');
  end if;
  return invitation;
end;
$$;

-- A new token for an open invitation (its old link stops working), seven more days, at most once a minute.
create function public.resend_team_invitation(p_invitation_id uuid, p_locale text)
returns table (invitation_id uuid, token text, locale text)
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.team_caller();
  invitation public.team_invitations := private.managed_open_invitation(p_invitation_id);
  new_token text := private.team_invitation_token();
begin
  perform 1 from public.teams t where t.id = invitation.team_id for update;
  if invitation.last_sent_at > now() - interval '1 minute' then
    perform private.team_error('team_invitation_resend_too_soon');
  end if;
  -- An expired invitation revived counts as pending again.
  if invitation.expires_at <= now() and (
    select count(*) from public.team_invitations i
    where i.team_id = invitation.team_id and i.accepted_at is null and i.revoked_at is null
      and i.declined_at is null and i.expires_at > now()) >= 20 then
    perform private.team_error('team_invitation_limit');
  end if;
  perform private.team_invitation_count_send(invitation.team_id);
  update public.team_invitations i
  set token_hash = private.team_invitation_hash(new_token), expires_at = now() + interval '7 days',
      last_sent_at = now(), invited_by = uid
  where i.id = invitation.id;
  return query select invitation.id, new_token, private.team_invitation_locale(invitation.email, p_locale);
end;
$$;

-- Withdraws an open invitation (admins and owners); its link then says it was revoked.
create function public.revoke_team_invitation(p_invitation_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation public.team_invitations;
begin
  perform private.team_caller();
  invitation := private.managed_open_invitation(p_invitation_id);
  update public.team_invitations i set revoked_at = now() where i.id = invitation.id;
end;
$$;

-- What an invitation link shows before anyone accepts it, to whoever holds the token (signed in or not).
create function public.team_invitation_preview(p_token text)
returns table (
  team_name text,
  team_slug text,
  email text,
  role public.team_role,
  status text,
  expires_at timestamptz
)
language sql
stable
security definer
set search_path = ''
as $$
  select t.name, t.slug, i.email, i.role,
    case
      when i.accepted_at is not null then 'used'
      when i.revoked_at is not null then 'revoked'
      when i.declined_at is not null then 'declined'
      when i.expires_at <= now() then 'expired'
      else 'pending'
    end,
    i.expires_at
  from public.team_invitations i
  join public.teams t on t.id = i.team_id
  where i.token_hash = private.team_invitation_hash(p_token)
$$;

-- Joins the team: the token's invitation must be open and unexpired, and the caller's confirmed address the invited
-- one. The membership and the spent invitation commit together. Returns the team's slug.
create function public.accept_team_invitation(p_token text) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := private.team_caller();
  invitation public.team_invitations;
  account auth.users;
  slug text;
begin
  select * into invitation from public.team_invitations i
  where i.token_hash = private.team_invitation_hash(p_token)
  for update;
  if invitation.id is null then
    perform private.team_error('invitation_not_found');
  elsif invitation.accepted_at is not null then
    perform private.team_error('invitation_used');
  elsif invitation.revoked_at is not null then
    perform private.team_error('invitation_revoked');
  elsif invitation.declined_at is not null then
    perform private.team_error('invitation_declined');
  elsif invitation.expires_at <= now() then
    perform private.team_error('invitation_expired');
  end if;
  select * into account from auth.users u where u.id = uid;
  if account.email is null or lower(account.email) <> invitation.email then
    perform private.team_error('invitation_wrong_address');
  end if;
  if account.email_confirmed_at is null then
    perform private.team_error('invitation_email_unconfirmed');
  end if;
  insert into public.team_members (team_id, user_id, role)
  values (invitation.team_id, uid, invitation.role)
  on conflict (team_id, user_id) do nothing;
  update public.team_invitations i set accepted_at = now(), accepted_by = uid where i.id = invitation.id;
  select t.slug into slug from public.teams t where t.id = invitation.team_id;
  return slug;
end;
$$;

-- The caller's confirmed address.
create function private.confirmed_email() returns text
language sql
stable
security definer
set search_path = ''
as $$
  select lower(u.email) from auth.users u where u.id = (select auth.uid()) and u.email_confirmed_at is not null
$$;

-- Invitations waiting for the caller's confirmed address, soonest to expire first.
create function public.my_team_invitations()
returns table (invitation_id uuid, team_name text, team_slug text, role public.team_role, expires_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select i.id, t.name, t.slug, i.role, i.expires_at
  from public.team_invitations i
  join public.teams t on t.id = i.team_id
  where i.email = private.confirmed_email()
    and i.accepted_at is null and i.revoked_at is null and i.declined_at is null and i.expires_at > now()
  order by i.expires_at, i.id
$$;

-- The invitee turns an invitation down; to anyone else it does not exist.
create function public.decline_team_invitation(p_invitation_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  invitation public.team_invitations;
begin
  perform private.team_caller();
  select * into invitation from public.team_invitations i
  where i.id = p_invitation_id and i.email = private.confirmed_email()
  for update;
  if invitation.id is null then
    perform private.team_error('invitation_not_found');
  elsif invitation.accepted_at is not null then
    perform private.team_error('invitation_used');
  elsif invitation.revoked_at is not null then
    perform private.team_error('invitation_revoked');
  elsif invitation.declined_at is not null then
    return;
  end if;
  update public.team_invitations i set declined_at = now() where i.id = invitation.id;
end;
$$;

-- The teams that stop the caller's account from being deleted: they own it alone and others belong to it.
create function public.account_deletion_blockers() returns table (team_slug text, team_name text)
language sql
stable
security definer
set search_path = ''
as $$
  select t.slug, t.name
  from public.teams t
  where t.id in (select private.owned_team_ids())
    and not exists (
      select 1 from public.team_members m
      where m.team_id = t.id and m.role = 'owner' and m.user_id <> (select auth.uid()))
    and exists (select 1 from public.team_members m where m.team_id = t.id and m.user_id <> (select auth.uid()))
  order by t.name, t.slug
$$;

-- ---------------------------------------------------------------------------------------------------------------
-- Who may call what. Functions are executable by everyone by default (and Supabase's default privileges grant anon
-- too). The policies' helpers run as the querying role, so `authenticated` executes those; the rest of `private`
-- runs only inside the functions above.

revoke execute on function private.member_team_ids(), private.managed_team_ids(), private.owned_team_ids(),
  private.team_role_of(uuid, uuid), private.team_role_rank(public.team_role), private.team_error(text),
  private.team_caller(), private.team_invitation_token(), private.team_invitation_hash(text),
  private.team_members_guard(), private.team_members_drop_empty_team(), private.team_invitation_count_send(uuid),
  private.team_invitation_locale(text, text), private.managed_open_invitation(uuid), private.confirmed_email()
  from public;
grant execute on function private.member_team_ids() to authenticated;
grant execute on function private.managed_team_ids() to authenticated;
grant execute on function private.owned_team_ids() to authenticated;

revoke execute on function public.create_team(text, text) from public, anon;
revoke execute on function public.transfer_team_ownership(uuid, uuid) from public, anon;
revoke execute on function public.team_member_list(uuid) from public, anon;
revoke execute on function public.invite_to_team(uuid, text, public.team_role, text) from public, anon;
revoke execute on function public.resend_team_invitation(uuid, text) from public, anon;
revoke execute on function public.revoke_team_invitation(uuid) from public, anon;
revoke execute on function public.team_invitation_preview(text) from public;
revoke execute on function public.accept_team_invitation(text) from public, anon;
revoke execute on function public.my_team_invitations() from public, anon;
revoke execute on function public.decline_team_invitation(uuid) from public, anon;
revoke execute on function public.account_deletion_blockers() from public, anon;
grant execute on function public.create_team(text, text) to authenticated;
grant execute on function public.transfer_team_ownership(uuid, uuid) to authenticated;
grant execute on function public.team_member_list(uuid) to authenticated;
grant execute on function public.invite_to_team(uuid, text, public.team_role, text) to authenticated;
grant execute on function public.resend_team_invitation(uuid, text) to authenticated;
grant execute on function public.revoke_team_invitation(uuid) to authenticated;
grant execute on function public.team_invitation_preview(text) to anon, authenticated;
grant execute on function public.accept_team_invitation(text) to authenticated;
grant execute on function public.my_team_invitations() to authenticated;
grant execute on function public.decline_team_invitation(uuid) to authenticated;
grant execute on function public.account_deletion_blockers() to authenticated;
