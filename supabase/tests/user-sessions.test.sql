-- "Your sessions": list_my_sessions, end_my_session and end_my_other_sessions over auth.sessions, for two users and
-- anon, and a user whose second factor makes aal1 sessions too weak (tests/postgres/fixtures.sql).
begin;
set local search_path = public, extensions;
select plan(21);

-- Alice, signed in on her first device.
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select results_eq(
  $$ select id, user_agent, ip, is_current from public.list_my_sessions() $$,
  $$ values ('a1a1a1a1-5e55-4000-8000-000000000001'::uuid, 'Firefox', '192.0.2.1', true),
            ('a1a1a1a1-5e55-4000-8000-000000000002'::uuid, 'Safari', '192.0.2.2', false) $$,
  'a user lists their live sessions, newest activity first, the current one marked (not the expired one)'
);
select is(
  (select count(*)::int from public.list_my_sessions() where id = 'b2b2b2b2-5e55-4000-8000-000000000001'),
  0,
  'another user''s session is not listed'
);
select is(
  public.end_my_session('b2b2b2b2-5e55-4000-8000-000000000001'),
  false,
  'a user cannot end another user''s session'
);
select is(
  public.end_my_session('a1a1a1a1-5e55-4000-8000-000000000001'),
  false,
  'a user cannot end their current session here (signing out does)'
);
select is(
  public.end_my_session('a1a1a1a1-5e55-4000-8000-000000000002'),
  true,
  'a user ends one of their other sessions'
);
select results_eq(
  $$ select id from public.list_my_sessions() $$,
  $$ values ('a1a1a1a1-5e55-4000-8000-000000000001'::uuid) $$,
  'and it is gone'
);
select is(
  public.end_my_session('a1a1a1a1-5e55-4000-8000-000000000002'),
  false,
  'ending it again finds nothing'
);
select throws_ok(
  $$ select * from auth.sessions $$,
  '42501', null,
  'a user cannot read auth.sessions directly'
);
select throws_ok(
  $$ select private.session_owner() $$,
  '42501', null,
  'the helper is not callable from the API'
);

-- Bob: his session outlived Alice's attempts, and ending his others leaves his current one.
select tests.as_user('b2b2b2b2-0000-4000-8000-000000000002', 'b2b2b2b2-5e55-4000-8000-000000000001');
select results_eq(
  $$ select id, is_current from public.list_my_sessions() $$,
  $$ values ('b2b2b2b2-5e55-4000-8000-000000000001'::uuid, true) $$,
  'the other user''s session survived the first user''s attempts'
);
select is(public.end_my_other_sessions(), 0, 'ending the others with none to end ends nothing');
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', null);
select throws_ok(
  $$ select public.end_my_other_sessions() $$,
  '42501', 'the session has ended',
  'a token without a session id cannot end "the others"'
);

-- Alice's second device, ended above: its token is still within its exp, but its session is gone, so it acts on
-- nothing (20261127231100_session_functions_need_live_session.sql).
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000002');
select throws_ok(
  $$ select public.end_my_other_sessions() $$,
  '42501', 'the session has ended',
  'a token whose session has ended cannot end the sessions its owner still has'
);
select throws_ok(
  $$ select * from public.list_my_sessions() $$,
  '42501', 'the session has ended',
  'nor list them'
);

-- Carol has a verified second factor: at aal1 she may not see or end sessions, at aal2 she may.
select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001', 'aal1');
select throws_ok(
  $$ select * from public.list_my_sessions() $$,
  '42501', 'an aal2 session is required',
  'a user with a second factor cannot list sessions at aal1'
);
select throws_ok(
  $$ select public.end_my_other_sessions() $$,
  '42501', 'an aal2 session is required',
  'nor end them'
);
select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001', 'aal2');
select is(
  (select count(*)::int from public.list_my_sessions()),
  1,
  'at aal2 the same user lists their sessions'
);

-- Anon: none of it.
select tests.as_anon();
select throws_ok($$ select * from public.list_my_sessions() $$, '42501', null, 'anon cannot list sessions');
select throws_ok(
  $$ select public.end_my_session('b2b2b2b2-5e55-4000-8000-000000000001') $$,
  '42501', null,
  'anon cannot end a session'
);
select throws_ok($$ select public.end_my_other_sessions() $$, '42501', null, 'anon cannot end sessions');

-- Alice ends her other sessions: the one left is the expired one.
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select is(public.end_my_other_sessions(), 1, 'a user ends all their other sessions, expired ones included');

select * from finish();
rollback;
