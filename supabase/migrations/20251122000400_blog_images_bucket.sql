-- The blog-images bucket: public read, 5 MB, raster images only (no SVG: it can carry scripts).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'blog-images', 'blog-images', true, 5242880,
  array['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']
)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "Anyone can view blog images"
  on storage.objects for select to anon, authenticated
  using (bucket_id = 'blog-images');

create policy "Administrators can upload blog images"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'blog-images' and (select public.is_admin()));

create policy "Administrators can replace blog images"
  on storage.objects for update to authenticated
  using (bucket_id = 'blog-images' and (select public.is_admin()))
  with check (bucket_id = 'blog-images' and (select public.is_admin()));

create policy "Administrators can delete blog images"
  on storage.objects for delete to authenticated
  using (bucket_id = 'blog-images' and (select public.is_admin()));
