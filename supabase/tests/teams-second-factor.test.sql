-- Team data and the second factor (supabase/migrations/*_teams_second_factor.sql): Carol has a verified factor
-- (tests/postgres/fixtures.sql), so her password-only (aal1) session reaches none of her team, through the tables or
-- the functions, and changes nothing; after the code step (aal2) it does. Alice has no factor: aal1 is enough.
begin;
set local search_path = public, extensions;
select plan(11);

-- Alice's team, with Carol a member (she accepts after her code step).
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select set_config('tests.team', (public.create_team('second-factor', 'Second factor')).id::text, true);
select set_config('tests.carol_token', token, true)
from public.invite_to_team(current_setting('tests.team')::uuid, 'carol@example.com', 'member', 'en');
select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001', 'aal1');
select throws_ok(
  $$ select public.accept_team_invitation(current_setting('tests.carol_token')) $$,
  '42501', 'an aal2 session is required', 'a password-only session of a user with a second factor accepts nothing'
);
select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001', 'aal2');
select is(
  public.accept_team_invitation(current_setting('tests.carol_token')), 'second-factor',
  'after the code step, she accepts'
);
select is((select count(*)::int from public.teams), 1, 'and, aal2, reads her team');

-- Password only: nothing of the team, and nothing changes.
select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001', 'aal1');
select is((select count(*)::int from public.teams), 0, 'aal1 with a second factor: no team is read');
select is((select count(*)::int from public.team_members), 0, 'no membership is read');
select is(
  (select count(*)::int from public.team_member_list(current_setting('tests.team')::uuid)), 0,
  'team_member_list lists nobody'
);
select is(
  (select count(*)::int from public.account_deletion_blockers()), 0,
  'account_deletion_blockers answers nothing (owned_team_ids is empty)'
);
select throws_ok(
  $$ select public.create_team('by-password', 'By password') $$,
  '42501', 'an aal2 session is required', 'creates no team'
);
delete from public.team_members
where team_id = current_setting('tests.team')::uuid and user_id = 'c3c3c3c3-0000-4000-8000-000000000003';
select tests.as_service_role();
select is(
  (select role::text from public.team_members
   where team_id = current_setting('tests.team')::uuid and user_id = 'c3c3c3c3-0000-4000-8000-000000000003'),
  'member', 'leaving (deleting her own membership) matches no row: she is still a member'
);

-- Without a factor, a password-only session is the full session it always was.
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001', 'aal1');
select is((select count(*)::int from public.teams where slug = 'second-factor'), 1, 'Alice (no factor), aal1, reads the team');
select is(
  (select count(*)::int from public.team_members where team_id = current_setting('tests.team')::uuid), 2,
  'and its members'
);

select * from finish();
rollback;
