-- public.sign_in_attempts and its functions: only the app's server (the secret key, service_role) reaches them;
-- signed-in users and anon reach nothing.
begin;
set local search_path = public, extensions;
select plan(14);

select tests.as_anon();
select throws_ok($$ select * from public.sign_in_attempts $$, '42501', null, 'anon cannot read the attempts');
select throws_ok(
  $$ insert into public.sign_in_attempts (subject) values ('password:alice@example.com') $$,
  '42501', null,
  'anon cannot add an attempt'
);
select throws_ok(
  $$ select public.sign_in_failed('password:alice@example.com', 5, 900, 60, 3600) $$,
  '42501', null,
  'anon cannot count a failure'
);
select throws_ok(
  $$ select public.sign_in_locked_until('password:alice@example.com') $$,
  '42501', null,
  'anon cannot read a lockout'
);
select throws_ok(
  $$ select public.sign_in_succeeded('password:alice@example.com') $$,
  '42501', null,
  'anon cannot clear failures'
);

select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select throws_ok($$ select * from public.sign_in_attempts $$, '42501', null, 'a user cannot read the attempts');
select throws_ok(
  $$ delete from public.sign_in_attempts $$,
  '42501', null,
  'a user cannot delete attempts (clearing their own lockout)'
);
select throws_ok(
  $$ select public.sign_in_succeeded('password:alice@example.com') $$,
  '42501', null,
  'a user cannot clear failures'
);
select throws_ok(
  $$ select public.sign_in_failed('password:bob@example.com', 1, 900, 60, 3600) $$,
  '42501', null,
  'a user cannot lock someone else out'
);

-- The app's server: failures count up to a lockout, which success clears.
select tests.as_service_role();
select is(
  public.sign_in_failed('password:alice@example.com', 2, 900, 60, 3600),
  null,
  'the first failure under the limit locks nothing'
);
select ok(
  public.sign_in_failed('password:alice@example.com', 2, 900, 60, 3600) > now(),
  'the failure that reaches the limit starts a lockout'
);
select ok(
  public.sign_in_locked_until('password:alice@example.com') > now(),
  'the lockout can be read back'
);
select lives_ok(
  $$ select public.sign_in_succeeded('password:alice@example.com') $$,
  'a success clears the subject'
);
select is(
  public.sign_in_locked_until('password:alice@example.com'),
  null,
  'and the lockout is gone'
);

select * from finish();
rollback;
