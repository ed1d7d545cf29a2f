-- GoTrue's MFA schema in its final state (migrations 20221003041349 … 20240806073726): factors, their challenges and
-- the factor a session was raised to aal2 with. sessions.aal and mfa_amr_claims already exist (0001). Enums are
-- text with checks here, as the rest of this schema keeps them.
create table auth.mfa_factors (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'webauthn', 'phone')),
  status text not null check (status in ('unverified', 'verified')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  secret text,
  phone text default null,
  last_challenged_at timestamptz unique default null,
  web_authn_credential jsonb,
  web_authn_aaguid uuid,
  last_webauthn_challenge_data jsonb,
  -- Local only: the TOTP time step last accepted, so a code is single use (GoTrue has no replay protection).
  last_accepted_step bigint
);
create unique index mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create index mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index unique_phone_factor_per_user on auth.mfa_factors (user_id, phone);

create table auth.mfa_challenges (
  id uuid primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address inet not null,
  otp_code text,
  web_authn_session_data jsonb
);
create index mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

alter table auth.sessions add column factor_id uuid;
create index user_id_created_at_idx on auth.sessions (user_id, created_at);
