-- Work is never lost in the post editor (docs/admin-posts.md#never-lost).
--   1. blog_posts.version: optimistic concurrency. Every update bumps it; an update that names a version
--      (the one the editor loaded) other than the stored one is refused with PT409 (HTTP 409), so a save
--      from a second tab, or from a colleague, never silently overwrites a newer save. An update that does
--      not set the column (a migration, the service role) is not checked.
--   2. public.post_revisions: every stored state of a post (each insert and update), with who saved it and
--      when. Written by the trigger only; owners and editors read them (to list and restore).
--   3. public.post_autosaves: the editor's autosave of a stored post, one per post and author, kept outside
--      the post (autosaving a published post must not change the live article). Each author reads and
--      writes only their own; a real save of the post by that author removes it.

alter table public.blog_posts add column version integer not null default 1;

create function public.blog_posts_check_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.version is distinct from old.version then
    raise exception 'stale post version: % is stored, the save was based on %', old.version, new.version
      using errcode = 'PT409', hint = 'Reload the post or compare your changes with the stored version.';
  end if;
  new.version := old.version + 1;
  return new;
end;
$$;
revoke all on function public.blog_posts_check_version() from public, anon, authenticated;

create trigger blog_posts_check_version
  before update on public.blog_posts
  for each row execute function public.blog_posts_check_version();

-- ------------------------------------------------------------------------------------ revisions
create table public.post_revisions (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  version integer not null,
  author_id uuid,
  author_email text,
  created_at timestamptz not null default now(),
  title text not null,
  -- The whole row as it was stored.
  snapshot jsonb not null,
  unique (post_id, version)
);
create index post_revisions_post_created on public.post_revisions (post_id, created_at desc);
alter table public.post_revisions enable row level security;

revoke all on table public.post_revisions from anon, authenticated;
grant select on table public.post_revisions to authenticated;
grant select, insert, update, delete on table public.post_revisions to service_role;

create policy "Owners and editors can read post revisions"
  on public.post_revisions for select to authenticated
  using ((select public.has_role('owner', 'editor')));

create function public.blog_posts_keep_revision()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.post_revisions (post_id, version, author_id, author_email, title, snapshot)
  values (new.id, new.version, (select auth.uid()), (select auth.jwt() ->> 'email'), new.title, to_jsonb(new))
  on conflict (post_id, version) do nothing;
  -- The author's autosave is now part of the post.
  if (select auth.uid()) is not null then
    delete from public.post_autosaves where post_id = new.id and author_id = (select auth.uid());
  end if;
  return null;
end;
$$;
revoke all on function public.blog_posts_keep_revision() from public, anon, authenticated;

-- ------------------------------------------------------------------------------------- autosaves
create table public.post_autosaves (
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  author_id uuid not null default auth.uid(),
  -- The post version the autosaved fields started from (the next save is checked against it).
  base_version integer not null,
  -- The editor's form fields (title, content, …) as JSON.
  fields jsonb not null,
  saved_at timestamptz not null default now(),
  primary key (post_id, author_id),
  constraint post_autosaves_fields_object check (jsonb_typeof(fields) = 'object'),
  constraint post_autosaves_fields_size check (octet_length(fields::text) <= 2000000)
);
alter table public.post_autosaves enable row level security;

revoke all on table public.post_autosaves from anon, authenticated;
grant select, insert, update, delete on table public.post_autosaves to authenticated;
grant select, insert, update, delete on table public.post_autosaves to service_role;

create policy "Owners and editors read their own autosaves"
  on public.post_autosaves for select to authenticated
  using (author_id = (select auth.uid()) and (select public.has_role('owner', 'editor')));

create policy "Owners and editors write their own autosaves"
  on public.post_autosaves for insert to authenticated
  with check (author_id = (select auth.uid()) and (select public.has_role('owner', 'editor')));

create policy "Owners and editors replace their own autosaves"
  on public.post_autosaves for update to authenticated
  using (author_id = (select auth.uid()) and (select public.has_role('owner', 'editor')))
  with check (author_id = (select auth.uid()) and (select public.has_role('owner', 'editor')));

create policy "Owners and editors discard their own autosaves"
  on public.post_autosaves for delete to authenticated
  using (author_id = (select auth.uid()) and (select public.has_role('owner', 'editor')));

-- saved_at is the database's time, whatever the client sends.
create function public.post_autosaves_stamp()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.saved_at := now();
  return new;
end;
$$;
revoke all on function public.post_autosaves_stamp() from public, anon, authenticated;

create trigger post_autosaves_stamp
  before insert or update on public.post_autosaves
  for each row execute function public.post_autosaves_stamp();

create trigger blog_posts_keep_revision
  after insert or update on public.blog_posts
  for each row execute function public.blog_posts_keep_revision();

-- Posts stored before this migration start their history at their current state.
insert into public.post_revisions (post_id, version, author_id, author_email, created_at, title, snapshot)
select p.id, p.version, null, null, p.updated_at, p.title, to_jsonb(p) from public.blog_posts p;
