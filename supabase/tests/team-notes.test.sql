-- Team notes (the notes example's supabase/migrations/*_team_notes.sql) as the Data API runs requests: in Alice's
-- team Bob is an admin and Dave a member; Carol belongs to no team. Members read and add the team's notes; the
-- author, admins and owners change and delete them; personal notes stay their author's alone.
begin;
set local search_path = public, extensions;
select plan(24);

select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select set_config('tests.team', (public.create_team('notes-team', 'Notes team')).id::text, true);
select tests.as_service_role();
-- The memberships as invitations would have made them (the invitation flow has its own tests).
insert into public.team_members (team_id, user_id, role) values
  (current_setting('tests.team')::uuid, 'b2b2b2b2-0000-4000-8000-000000000002', 'admin'),
  (current_setting('tests.team')::uuid, 'd4d4d4d4-0000-4000-8000-000000000004', 'member');

-- Dave (member) writes a team note; Alice a personal one.
select tests.as_user('d4d4d4d4-0000-4000-8000-000000000004', 'd4d4d4d4-5e55-4000-8000-000000000001');
select lives_ok(
  $$ with added as (insert into public.notes (title, team_id) values ('Team plan', current_setting('tests.team')::uuid) returning id)
     select set_config('tests.team_note', id::text, true) from added $$,
  'a member adds a note to the team ("notes: authors add, to their own teams")'
);
select lives_ok(
  $$ with added as (insert into public.notes (title) values ('Dave''s own') returning id)
     select set_config('tests.dave_note', id::text, true) from added $$,
  'and a personal note'
);
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select lives_ok(
  $$ with added as (insert into public.notes (title) values ('Alice''s own') returning id)
     select set_config('tests.alice_note', id::text, true) from added $$,
  'the owner adds a personal note'
);

-- Reading.
select results_eq(
  $$ select title from public.notes order by title $$,
  $$ values ('Alice''s own'), ('Team plan') $$,
  'the owner reads the team''s notes and her own, not a member''s personal note'
);
select tests.as_user('b2b2b2b2-0000-4000-8000-000000000002', 'b2b2b2b2-5e55-4000-8000-000000000001');
select results_eq($$ select title from public.notes $$, $$ values ('Team plan') $$, 'an admin reads the team''s notes only');
select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001', 'aal2');
select is_empty($$ select * from public.notes $$, 'someone outside the team reads none of them');
select throws_ok(
  $$ insert into public.notes (title, team_id) values ('Planted', current_setting('tests.team')::uuid) $$,
  '42501', null, 'someone outside the team cannot add to it'
);
select is_empty(
  $$ update public.notes set title = 'Taken' where id = current_setting('tests.team_note')::uuid returning 1 $$,
  'nor change its notes'
);
select is_empty(
  $$ delete from public.notes where id = current_setting('tests.team_note')::uuid returning 1 $$,
  'nor delete them'
);
select tests.as_anon();
select throws_ok($$ select * from public.notes $$, '42501', null, 'anon reads no notes');

-- Changing: the author, and the team's admins and owners; another member not.
select tests.as_user('d4d4d4d4-0000-4000-8000-000000000004', 'd4d4d4d4-5e55-4000-8000-000000000001');
select results_eq(
  $$ update public.notes set body = 'by the author' where id = current_setting('tests.team_note')::uuid returning body $$,
  $$ values ('by the author') $$,
  'the author changes her team note'
);
select throws_ok(
  $$ update public.notes set team_id = null where id = current_setting('tests.team_note')::uuid $$,
  '42501', null, 'a team note never moves out of its team (team_id is not granted for update)'
);
select tests.as_user('b2b2b2b2-0000-4000-8000-000000000002', 'b2b2b2b2-5e55-4000-8000-000000000001');
select results_eq(
  $$ update public.notes set body = 'by an admin' where id = current_setting('tests.team_note')::uuid returning body $$,
  $$ values ('by an admin') $$,
  'an admin changes a member''s team note'
);
select lives_ok(
  $$ with added as (insert into public.notes (title, team_id) values ('Admin note', current_setting('tests.team')::uuid) returning id)
     select set_config('tests.admin_note', id::text, true) from added $$,
  'an admin adds a team note'
);
select is_empty(
  $$ update public.notes set title = 'Mine' where id = current_setting('tests.alice_note')::uuid returning 1 $$,
  'an admin does not reach the owner''s personal note'
);
select tests.as_user('d4d4d4d4-0000-4000-8000-000000000004', 'd4d4d4d4-5e55-4000-8000-000000000001');
select is_empty(
  $$ update public.notes set title = 'Edited by a member' where id = current_setting('tests.admin_note')::uuid returning 1 $$,
  'a member does not change another member''s team note'
);
select is_empty(
  $$ delete from public.notes where id = current_setting('tests.admin_note')::uuid returning 1 $$,
  'nor delete it'
);
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select results_eq(
  $$ delete from public.notes where id = current_setting('tests.admin_note')::uuid returning title $$,
  $$ values ('Admin note') $$,
  'the owner deletes any team note'
);

-- A removed member keeps her personal notes and loses the team's.
select lives_ok(
  $$ delete from public.team_members where user_id = 'd4d4d4d4-0000-4000-8000-000000000004' $$,
  'the owner removes the member'
);
select tests.as_user('d4d4d4d4-0000-4000-8000-000000000004', 'd4d4d4d4-5e55-4000-8000-000000000001');
select results_eq($$ select title from public.notes $$, $$ values ('Dave''s own') $$, 'a former member reads only her own notes');
select is_empty(
  $$ update public.notes set title = 'After leaving' where id = current_setting('tests.team_note')::uuid returning 1 $$,
  'and no longer changes the note she wrote for the team'
);
select throws_ok(
  $$ insert into public.notes (title, team_id) values ('Late', current_setting('tests.team')::uuid) $$,
  '42501', null, 'nor adds to the team'
);

-- Deleting the team deletes its notes, and nothing else.
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select results_eq($$ delete from public.teams returning slug $$, $$ values ('notes-team') $$, 'the owner deletes the team');
select tests.as_service_role();
select results_eq(
  $$ select title from public.notes order by title $$,
  $$ values ('Alice''s own'), ('Dave''s own') $$,
  'its notes went with it; personal notes stay'
);

select * from finish();
rollback;
