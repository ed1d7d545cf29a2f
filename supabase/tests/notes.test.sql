-- public.notes under row-level security, for two users and anon, as the Data API runs their requests
-- (tests/postgres/fixtures.sql: tests.as_user / tests.as_anon set the role and request.jwt.claims as PostgREST does).
begin;
set local search_path = public, extensions;
select plan(22);

-- Alice adds a note: the database fills in the owner and the times.
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select lives_ok(
  $$ with added as (insert into public.notes (title, body) values ('Alice''s note', 'private') returning id)
     select set_config('tests.alice_note', id::text, true) from added $$,
  'a user adds a note ("notes: owners add")'
);
select results_eq(
  $$ select user_id from public.notes where id = current_setting('tests.alice_note')::uuid $$,
  $$ values ('a1a1a1a1-0000-4000-8000-000000000001'::uuid) $$,
  'the note belongs to the user who added it (user_id defaults to auth.uid())'
);
select throws_ok(
  $$ insert into public.notes (title, user_id) values ('planted', 'b2b2b2b2-0000-4000-8000-000000000002') $$,
  '42501', null,
  'a user cannot add a note for someone else (only title and body are granted)'
);
select throws_ok(
  $$ insert into public.notes (title) values ('   ') $$,
  '23514', null,
  'a blank title is refused by the database, as by the form'
);
select results_eq(
  $$ select title from public.notes $$,
  $$ values ('Alice''s note') $$,
  'a user reads their own notes ("notes: owners read")'
);
select results_eq(
  $$ update public.notes set body = 'edited' where id = current_setting('tests.alice_note')::uuid returning body $$,
  $$ values ('edited') $$,
  'a user changes their own note ("notes: owners change")'
);
select ok(
  (select updated_at > created_at from public.notes where id = current_setting('tests.alice_note')::uuid),
  'a change moves updated_at forward (the notes_touch trigger)'
);
select throws_ok(
  $$ update public.notes set user_id = 'b2b2b2b2-0000-4000-8000-000000000002' $$,
  '42501', null,
  'a user cannot give a note away (user_id is not granted for update)'
);
select throws_ok(
  $$ update public.notes set created_at = now() - interval '1 year' $$,
  '42501', null,
  'a user cannot rewrite when a note was made'
);

-- Bob sees none of it and can change none of it.
select tests.as_user('b2b2b2b2-0000-4000-8000-000000000002', 'b2b2b2b2-5e55-4000-8000-000000000001');
select is_empty(
  $$ select * from public.notes $$,
  'another user reads none of the first user''s notes'
);
select is_empty(
  $$ select * from public.notes where id = current_setting('tests.alice_note')::uuid $$,
  'another user cannot read a note even by its id'
);
select is_empty(
  $$ update public.notes set title = 'taken' where id = current_setting('tests.alice_note')::uuid returning id $$,
  'another user cannot change the note'
);
select is_empty(
  $$ delete from public.notes where id = current_setting('tests.alice_note')::uuid returning id $$,
  'another user cannot delete the note'
);
select lives_ok(
  $$ insert into public.notes (title) values ('Bob''s note') $$,
  'another user adds a note of their own'
);
select results_eq(
  $$ select title from public.notes $$,
  $$ values ('Bob''s note') $$,
  'and reads only that one'
);

-- Anon: no access at all.
select tests.as_anon();
select throws_ok($$ select * from public.notes $$, '42501', null, 'anon cannot read notes');
select throws_ok($$ insert into public.notes (title) values ('anon') $$, '42501', null, 'anon cannot add notes');
select throws_ok($$ update public.notes set title = 'anon' $$, '42501', null, 'anon cannot change notes');
select throws_ok($$ delete from public.notes $$, '42501', null, 'anon cannot delete notes');

-- Alice again: her note is as she left it, and she may delete it.
select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select results_eq(
  $$ select title, body from public.notes $$,
  $$ values ('Alice''s note', 'edited') $$,
  'the other user''s attempts left the note unchanged'
);
select results_eq(
  $$ delete from public.notes where id = current_setting('tests.alice_note')::uuid returning title $$,
  $$ values ('Alice''s note') $$,
  'a user deletes their own note ("notes: owners delete")'
);
select is_empty($$ select * from public.notes $$, 'and it is gone');

select * from finish();
rollback;
