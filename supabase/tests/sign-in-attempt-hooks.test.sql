-- The per-account lockout the auth server keeps through its hooks (20261127231000_sign_in_attempt_hooks.sql): who may
-- call what, and the rules themselves through the app's server's functions, which judge an attempt with the same
-- private.sign_in_attempt as the hooks.
begin;
set local search_path = public, extensions;
select plan(13);

-- Nobody the Data API serves reaches the hooks or the lockout's tables; only the auth server's role may run them.
select tests.as_anon();
select throws_ok(
  $$ select private.password_verification_attempt('{}') $$,
  '42501', null,
  'anon cannot call the password hook'
);
select throws_ok(
  $$ select public.sign_in_attempt_record('password', 'alice@example.com', '192.0.2.9', false) $$,
  '42501', null,
  'anon cannot record an attempt'
);
select throws_ok(
  $$ select public.sign_in_device_pass('password', 'alice@example.com', '192.0.2.9', 'device') $$,
  '42501', null,
  'anon cannot vouch for a browser'
);

select tests.as_user('b2b2b2b2-0000-4000-8000-000000000002', 'b2b2b2b2-5e55-4000-8000-000000000001');
select throws_ok(
  $$ select private.mfa_verification_attempt('{}') $$,
  '42501', null,
  'a signed-in user cannot call the code hook'
);
select throws_ok(
  $$ select public.sign_in_attempt_check('password', 'alice@example.com', '192.0.2.9') $$,
  '42501', null,
  'a signed-in user cannot read another account''s lock'
);

select tests.as_service_role();
select throws_ok(
  $$ select private.password_verification_attempt('{}') $$,
  '42501', null,
  'the secret key does not reach the hooks either (GoTrue calls them as supabase_auth_admin)'
);

-- The rules: nine wrong passwords from nine addresses leave the account open, the tenth locks it.
select is(
  (select count(*)::int from generate_series(1, 9) as n
   where public.sign_in_attempt_record('password', 'alice@example.com', '192.0.2.' || n, false) is not null),
  0,
  'nine wrong passwords do not lock the account'
);
select isnt(
  public.sign_in_attempt_record('password', 'alice@example.com', '198.51.100.7', false),
  null,
  'the tenth, from yet another address, locks it'
);
select isnt(
  public.sign_in_attempt_record('password', 'Alice@Example.com', '203.0.113.5', true),
  null,
  'while locked, even the right password is refused (the address in any case)'
);
select isnt(
  public.sign_in_attempt_check('password', 'alice@example.com', '203.0.113.6'),
  null,
  'and the lock is seen from any address'
);
select is(
  public.sign_in_attempt_check('password', 'bob@example.com', '198.51.100.7'),
  null,
  'another account is not locked'
);

-- A browser the app vouches for (its device cookie) is judged on its own limit, not the account's lock.
select lives_ok(
  $$ select public.sign_in_device_pass('password', 'alice@example.com', '192.0.2.50', 'alice-laptop') $$,
  'the app vouches for the owner''s browser'
);
select is(
  public.sign_in_attempt_record('password', 'alice@example.com', '192.0.2.50', true),
  null,
  'the owner''s browser signs in although the account is locked'
);

select * from finish();
rollback;
