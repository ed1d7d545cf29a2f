-- Profile pictures in the bucket `avatars` (config.toml creates it: private, 5 MiB, JPEG, PNG or WebP). A picture
-- lives under its owner's folder, `<user id>/<file>`: only the owner writes, replaces or deletes there, and anyone
-- signed in may read (pictures appear beside names other users see). Anonymous visitors read nothing.
-- (select auth.uid()) runs once per statement, not once per row (Supabase's RLS performance advice).

create policy "avatars: owners upload into their folder" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "avatars: owners replace their pictures" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "avatars: owners delete their pictures" on storage.objects
  for delete to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "avatars: signed-in users see pictures" on storage.objects
  for select to authenticated
  using (bucket_id = 'avatars');
