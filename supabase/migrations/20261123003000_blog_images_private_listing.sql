-- Listing the blog-images bucket is for administrators only. Anonymous (and signed-in non-admin)
-- callers used to be able to list every object name, which revealed the images of unpublished posts.
-- Public downloads by exact path do not go through this policy (the bucket is public: Storage serves
-- /object/public/... without a select policy, here and on hosted Supabase), so published images keep
-- loading for everyone.
drop policy if exists "Anyone can view blog images" on storage.objects;

create policy "Administrators can list and read blog images"
  on storage.objects for select to authenticated
  using (bucket_id = 'blog-images' and (select public.is_admin()));

-- No table is created here: RLS on storage.objects is already on (bootstrap.sql, or Supabase itself,
-- where the migration role does not own storage.objects and could not alter it). Grants are unchanged:
-- anon keeps `select` on the table, and with no policy for anon it sees no rows.
