-- Note attachments in storage.objects under the note-files policies (the notes example's
-- supabase/migrations/*_note_files.sql), as the Storage API runs requests: whoever reads a note reads its files;
-- whoever may change it adds (at most 10) and removes them. In Alice's team Bob is an admin and Dave a member; Carol
-- belongs to no team. (A delete also sets storage.allow_delete_query, as the API does for each transaction.)
begin;
set local search_path = public, extensions;
select plan(13);

select tests.as_service_role();
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('note-files', 'note-files', false, 10485760,
  array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'application/pdf'])
on conflict (id) do nothing;
select set_config('storage.allow_delete_query', 'true', true);

select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select set_config('tests.team', (public.create_team('files-team', 'Files team')).id::text, true);
select tests.as_service_role();
insert into public.team_members (team_id, user_id, role) values
  (current_setting('tests.team')::uuid, 'b2b2b2b2-0000-4000-8000-000000000002', 'admin'),
  (current_setting('tests.team')::uuid, 'd4d4d4d4-0000-4000-8000-000000000004', 'member');

select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select lives_ok(
  $$ with added as (insert into public.notes (title) values ('Alice''s own') returning id)
     select set_config('tests.own', id::text, true) from added $$,
  'Alice writes a personal note'
);
select lives_ok(
  $$ with added as (insert into public.notes (title, team_id) values ('Team', current_setting('tests.team')::uuid) returning id)
     select set_config('tests.team_note', id::text, true) from added $$,
  'and a team note'
);
select lives_ok(
  format($$ insert into storage.objects (bucket_id, name, owner_id) values
    ('note-files', '%1$s/a.png', 'a1a1a1a1-0000-4000-8000-000000000001'),
    ('note-files', '%2$s/t.png', 'a1a1a1a1-0000-4000-8000-000000000001') $$,
    current_setting('tests.own'), current_setting('tests.team_note')),
  'the author adds files to both ("note-files: those who change the note add, up to 10")'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('note-files', 'not-a-note/x.png') $$,
  '42501', null,
  'nobody adds outside a note''s folder'
);

select tests.as_user('d4d4d4d4-0000-4000-8000-000000000004', 'd4d4d4d4-5e55-4000-8000-000000000001');
select results_eq(
  $$ select name from storage.objects where bucket_id = 'note-files' $$,
  format($$ values ('%s/t.png') $$, current_setting('tests.team_note')),
  'a team member reads the team note''s file, not the personal note''s ("note-files: readers of the note read")'
);
select throws_ok(
  format($$ insert into storage.objects (bucket_id, name) values ('note-files', '%s/d.png') $$,
    current_setting('tests.team_note')),
  '42501', null,
  'a plain member cannot add to another member''s note'
);
select is_empty(
  $$ delete from storage.objects where bucket_id = 'note-files' returning name $$,
  'nor remove its files'
);

select tests.as_user('c3c3c3c3-0000-4000-8000-000000000003', 'c3c3c3c3-5e55-4000-8000-000000000001');
select is_empty($$ select name from storage.objects where bucket_id = 'note-files' $$, 'an outsider sees none');
select throws_ok(
  format($$ insert into storage.objects (bucket_id, name) values ('note-files', '%s/c.png') $$,
    current_setting('tests.own')),
  '42501', null,
  'nor adds to another user''s note'
);

select tests.as_anon();
select is_empty($$ select name from storage.objects where bucket_id = 'note-files' $$, 'anonymous visitors see none');

select tests.as_user('b2b2b2b2-0000-4000-8000-000000000002', 'b2b2b2b2-5e55-4000-8000-000000000001');
select results_eq(
  $$ delete from storage.objects where bucket_id = 'note-files' returning name $$,
  format($$ values ('%s/t.png') $$, current_setting('tests.team_note')),
  'a team admin removes the team note''s file ("note-files: those who change the note remove")'
);

select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select lives_ok(
  format($$ insert into storage.objects (bucket_id, name) select 'note-files', '%s/' || n || '.png'
    from generate_series(2, 10) n $$, current_setting('tests.own')),
  'the author fills the note to 10 files'
);
select throws_ok(
  format($$ insert into storage.objects (bucket_id, name) values ('note-files', '%s/11.png') $$,
    current_setting('tests.own')),
  '42501', null,
  'and the eleventh is refused'
);

select * from finish();
rollback;
