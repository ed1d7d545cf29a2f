-- Profile pictures in storage.objects under the avatars policies, for two users and anon, as the Storage API runs
-- their requests (tests.as_user / tests.as_anon set the role and request.jwt.claims as it does; a delete also sets
-- storage.allow_delete_query, as the API does for each of its transactions).
begin;
set local search_path = public, extensions;
select plan(10);

-- The bucket as config.toml declares it (the CLI and the local server create it; `db push` does not).
select tests.as_service_role();
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', false, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do nothing;
select set_config('storage.allow_delete_query', 'true', true);

select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select lives_ok(
  $$ insert into storage.objects (bucket_id, name, owner_id)
     values ('avatars', 'a1a1a1a1-0000-4000-8000-000000000001/avatar.png', 'a1a1a1a1-0000-4000-8000-000000000001') $$,
  'a user uploads into their own folder ("avatars: owners upload into their folder")'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('avatars', 'b2b2b2b2-0000-4000-8000-000000000002/x.png') $$,
  '42501', null,
  'a user cannot upload into another user''s folder'
);
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('avatars', 'avatar.png') $$,
  '42501', null,
  'nor outside any folder'
);
select results_eq(
  $$ update storage.objects set metadata = '{"size": 1}' where bucket_id = 'avatars' returning name $$,
  $$ values ('a1a1a1a1-0000-4000-8000-000000000001/avatar.png') $$,
  'a user replaces their own picture ("avatars: owners replace their pictures")'
);

select tests.as_user('b2b2b2b2-0000-4000-8000-000000000002', 'b2b2b2b2-5e55-4000-8000-000000000001');
select results_eq(
  $$ select name from storage.objects where bucket_id = 'avatars' $$,
  $$ values ('a1a1a1a1-0000-4000-8000-000000000001/avatar.png') $$,
  'another signed-in user sees the picture ("avatars: signed-in users see pictures")'
);
select is_empty(
  $$ update storage.objects set metadata = '{}' where bucket_id = 'avatars' returning name $$,
  'but cannot replace it'
);
select is_empty(
  $$ update storage.objects set name = 'b2b2b2b2-0000-4000-8000-000000000002/stolen.png'
     where bucket_id = 'avatars' returning name $$,
  'nor move it into their own folder'
);
select is_empty(
  $$ delete from storage.objects where bucket_id = 'avatars' returning name $$,
  'nor delete it'
);

select tests.as_anon();
select is_empty($$ select name from storage.objects where bucket_id = 'avatars' $$, 'anonymous visitors see none');

select tests.as_user('a1a1a1a1-0000-4000-8000-000000000001', 'a1a1a1a1-5e55-4000-8000-000000000001');
select results_eq(
  $$ delete from storage.objects where bucket_id = 'avatars' returning name $$,
  $$ values ('a1a1a1a1-0000-4000-8000-000000000001/avatar.png') $$,
  'the owner deletes their picture ("avatars: owners delete their pictures")'
);

select * from finish();
rollback;
