-- Demo call recordings (POST /api/demo/audio, server/audio/upload.ts): a private bucket of the storage
-- API, so the bytes live in the database (embedded.object_data on the embedded server): every node on one
-- PostgreSQL sees them, backups include them, and the retention job (server/audio/retention.ts) deletes
-- them after AUDIO_RETENTION_DAYS (30). 25 MB, audio only.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'demo-recordings', 'demo-recordings', false, 26214400,
  array['audio/mpeg', 'audio/wav', 'audio/aac', 'audio/ogg', 'audio/opus', 'audio/mp4', 'audio/x-m4a', 'audio/webm', 'video/webm', 'audio/flac', 'audio/x-flac']
)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Only the people who follow up on demos may list and download them: the owner and sales. Nobody writes
-- them through the API (the server stores uploads itself), and the retention job deletes them; an owner
-- may delete one earlier (a visitor asking for it to be erased).
create policy "Owners and sales can read demo recordings"
  on storage.objects for select to authenticated
  using (bucket_id = 'demo-recordings' and (select public.has_role('owner', 'sales')));

create policy "Owners can delete demo recordings"
  on storage.objects for delete to authenticated
  using (bucket_id = 'demo-recordings' and (select public.has_role('owner')));
