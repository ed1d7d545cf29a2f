-- The names of the note files that go with a team or an account (the notes example's
-- supabase/migrations/*_note_files_going_with.sql), which the app removes through Storage before the rows: a team's
-- for its owner only, an account's for the account itself. In Alice's team Bob is an admin and Dave a member; Carol
-- (with a second factor) belongs to no team and has one of her own, with a note left by Dave, who has left it.
begin;
set local search_path = public, extensions;
select plan(10);

select tests.as_service_role();
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('note-files', 'note-files', false, 10485760,
  array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'])
on conflict (id) do nothing;

select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select set_config('tests.team', (public.create_team('going-team', 'Going team')).id::text, true);
select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001', 'aal2');
select set_config('tests.alone', (public.create_team('alone-team', 'Alone team')).id::text, true);
select tests.as_service_role();
insert into public.team_members (team_id, user_id, role) values
  (current_setting('tests.team')::uuid, 'b2b2b2b2-0000-4000-8000-000000000002', 'admin'),
  (current_setting('tests.team')::uuid, 'd4d4d4d4-0000-4000-8000-000000000004', 'member');
with added as (
  insert into public.notes (user_id, title) values ('a1a1a1a1-0000-4000-8000-000000000001', 'Alice''s own')
  returning id)
select set_config('tests.own', id::text, true) from added;
with added as (
  insert into public.notes (user_id, title, team_id)
  values ('d4d4d4d4-0000-4000-8000-000000000004', 'Dave''s', current_setting('tests.team')::uuid) returning id)
select set_config('tests.team_note', id::text, true) from added;
with added as (
  insert into public.notes (user_id, title, team_id)
  values ('d4d4d4d4-0000-4000-8000-000000000004', 'Left behind', current_setting('tests.alone')::uuid) returning id)
select set_config('tests.left', id::text, true) from added;
insert into storage.objects (bucket_id, name) values
  ('note-files', current_setting('tests.own') || '/a.png'),
  ('note-files', current_setting('tests.team_note') || '/t1.png'),
  ('note-files', current_setting('tests.team_note') || '/t2.png'),
  ('note-files', current_setting('tests.left') || '/l.png'),
  ('note-files', 'not-a-note/x.png');

select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select set_eq(
  format($$ select * from public.team_note_file_names('%s', 'going-team') $$, current_setting('tests.team')),
  format($$ values ('%1$s/t1.png'), ('%1$s/t2.png') $$, current_setting('tests.team_note')),
  'the owner is given the files of every note of the team'
);
select is_empty(
  format($$ select * from public.team_note_file_names('%s', 'alone-team') $$, current_setting('tests.team')),
  'none for the id with another team''s address (the delete, which names both, would match nothing)'
);
select results_eq(
  $$ select * from public.account_note_file_names() $$,
  format($$ values ('%s/a.png') $$, current_setting('tests.own')),
  'the account: the files of the notes it wrote; not the team''s, which stays with its other members'
);
select is_empty(
  format($$ select * from public.team_note_file_names('%s', 'alone-team') $$, current_setting('tests.alone')),
  'nothing of a team the caller does not own'
);

select tests.as_user('b2b2b2b2-0000-4000-8000-000000000002', 'b2b2b2b2-5e55-4000-8000-000000000001');
select is_empty(
  format($$ select * from public.team_note_file_names('%s', 'going-team') $$, current_setting('tests.team')),
  'an admin, who may not delete the team, is given none'
);

select tests.as_user('d4d4d4d4-0000-4000-8000-000000000004', 'd4d4d4d4-5e55-4000-8000-000000000001');
select is_empty(
  format($$ select * from public.team_note_file_names('%s', 'going-team') $$, current_setting('tests.team')),
  'nor a member'
);
select set_eq(
  $$ select * from public.account_note_file_names() $$,
  format($$ values ('%1$s/l.png'), ('%2$s/t1.png'), ('%2$s/t2.png') $$,
    current_setting('tests.left'), current_setting('tests.team_note')),
  'an account''s notes go with it wherever they are, in a team it has left too'
);

select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001', 'aal2');
select results_eq(
  $$ select * from public.account_note_file_names() $$,
  format($$ values ('%s/l.png') $$, current_setting('tests.left')),
  'a team the account alone belongs to goes with it, with every note in it'
);

select tests.as_anon();
select throws_ok($$ select public.account_note_file_names() $$, '42501', null, 'anon may not ask');
select throws_ok(
  format($$ select * from private.note_file_names(array['%s'::uuid]) $$, current_setting('tests.own')),
  '42501', null,
  'nor call the helper'
);

select * from finish();
rollback;
