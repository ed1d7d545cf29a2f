-- GoTrue 2.197's MFA recovery codes (models/recovery_code.go): a `recovery_code` factor, one set of codes per user
-- tied to it, and each code as an argon2id hash, used once. The set keeps the lockout after wrong codes.
alter table auth.mfa_factors drop constraint mfa_factors_factor_type_check;
alter table auth.mfa_factors add constraint mfa_factors_factor_type_check
  check (factor_type in ('totp', 'webauthn', 'phone', 'recovery_code'));

create table auth.mfa_recovery_code_sets (
  id uuid primary key,
  user_id uuid not null unique references auth.users (id) on delete cascade,
  mfa_factor_id uuid not null unique references auth.mfa_factors (id) on delete cascade,
  failed_verification_count integer not null default 0,
  verification_locked_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table auth.mfa_recovery_codes (
  id uuid primary key,
  mfa_recovery_code_set_id uuid not null references auth.mfa_recovery_code_sets (id) on delete cascade,
  code_hash text not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index mfa_recovery_codes_set_id_idx on auth.mfa_recovery_codes (mfa_recovery_code_set_id);
