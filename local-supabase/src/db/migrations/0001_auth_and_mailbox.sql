-- Tables modelled on Supabase's `auth` schema (column names as in GoTrue's migrations), trimmed to what this
-- server uses, plus mailbox.messages for the local mail sink. This is the schema the server shipped before its
-- steps were numbered; databases from then are recorded as having this step (see ../migrations.ts).
create schema if not exists auth; -- the migration runner creates it for auth.schema_migrations
create schema mailbox;

create table auth.users (
  id uuid primary key,
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text,
  encrypted_password text,
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token text not null default '',
  confirmation_sent_at timestamptz,
  recovery_token text not null default '',
  recovery_sent_at timestamptz,
  email_change_token_new text not null default '',
  email_change text not null default '',
  email_change_sent_at timestamptz,
  email_change_token_current text not null default '',
  email_change_confirm_status smallint not null default 0,
  reauthentication_token text not null default '',
  reauthentication_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  phone text,
  phone_confirmed_at timestamptz,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_key on auth.users (lower(email)) where email is not null and email <> '';

create table auth.identities (
  id uuid primary key,
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider_id, provider)
);
create index identities_user_id_idx on auth.identities (user_id);
create index identities_email_idx on auth.identities (email);

create table auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  user_agent text,
  ip text,
  refreshed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sessions_user_id_idx on auth.sessions (user_id);

create table auth.mfa_amr_claims (
  id uuid primary key,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);

create table auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null,
  parent text,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index refresh_tokens_session_idx on auth.refresh_tokens (session_id, revoked);
create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);

create table auth.flow_state (
  id uuid primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method text not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  authentication_method text not null,
  redirect_to text,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index flow_state_auth_code_idx on auth.flow_state (auth_code);
create index flow_state_user_idx on auth.flow_state (user_id, authentication_method);

create table auth.one_time_tokens (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null,
  relates_to text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, token_type)
);
create index one_time_tokens_hash_idx on auth.one_time_tokens (token_hash);

create table mailbox.messages (
  id uuid primary key,
  seq bigserial,
  from_name text not null,
  from_address text not null,
  to_address text not null,
  subject text not null,
  html text not null,
  text text not null,
  created_at timestamptz not null default now()
);
create index mailbox_messages_to_idx on mailbox.messages (lower(to_address));

