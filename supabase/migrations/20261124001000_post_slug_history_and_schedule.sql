-- Slugs that never break, scheduled publishing enforced by the database, and the hero image's alt text.
--
-- 1. public.blog_post_slugs keeps every earlier address of a post (its slug in its language). A trigger on
--    blog_posts fills it whenever a post's slug or language changes, whoever makes the change; the public
--    article route answers 301 from an earlier slug to the current one (docs/product.md#article).
-- 2. Visitors see a post only from its publish time on: "published and published_at <= now()", in the
--    policy itself, so a scheduled post appears on its own on every public surface, on PGlite and on
--    PostgreSQL alike, and never a second early, whatever the client asks for.
-- 3. A post with a hero image must describe it (hero_image_alt), checked from now on (NOT VALID: posts
--    written before this rule keep working until they are next edited).

-- ------------------------------------------------------------------------------------- slug history
create table public.blog_post_slugs (
  language text not null,
  slug text not null,
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint blog_post_slugs_pkey primary key (language, slug),
  constraint blog_post_slugs_language_check check (language in ('ar', 'en')),
  constraint blog_post_slugs_slug_check check (
    char_length(slug) between 1 and 200 and slug !~ '[[:space:]/?#%\\]' and slug = lower(slug)
  )
);
alter table public.blog_post_slugs enable row level security;

create index blog_post_slugs_post_id_idx on public.blog_post_slugs (post_id);

revoke all on table public.blog_post_slugs from anon, authenticated;
grant select on table public.blog_post_slugs to anon;
grant select, delete on table public.blog_post_slugs to authenticated;
grant all on table public.blog_post_slugs to service_role;

create policy "Anyone can read the earlier slugs of posts visitors can see"
  on public.blog_post_slugs for select to anon, authenticated
  using (
    exists (
      select 1 from public.blog_posts p
      where p.id = post_id and p.published and p.published_at is not null and p.published_at <= now()
    )
  );

create policy "Owners and editors can read every earlier slug"
  on public.blog_post_slugs for select to authenticated
  using ((select public.has_role('owner', 'editor')));

-- Rows are written by the trigger below only; an owner or editor may retire an old address.
create policy "Owners and editors can remove an earlier slug"
  on public.blog_post_slugs for delete to authenticated
  using ((select public.has_role('owner', 'editor')));

-- security definer: the history is kept whoever changes the post (an editor, the service role, psql),
-- without giving anyone the right to write history rows directly.
create function public.blog_posts_remember_slug()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE' and (old.slug, old.language) is distinct from (new.slug, new.language) then
    -- The latest post to give up an address owns it.
    insert into public.blog_post_slugs (language, slug, post_id)
      values (old.language, old.slug, old.id)
      on conflict (language, slug) do update set post_id = excluded.post_id, created_at = now();
  end if;
  -- A current slug is never also an earlier one (a post taking back its old slug, or another post taking it).
  delete from public.blog_post_slugs where language = new.language and slug = new.slug;
  return null;
end;
$$;
revoke all on function public.blog_posts_remember_slug() from public, anon, authenticated;

create trigger blog_posts_remember_slug
  after insert or update of slug, language on public.blog_posts
  for each row execute function public.blog_posts_remember_slug();

-- Retiring an old address changes what the public pages answer: drop the cached pages.
create trigger blog_post_slugs_bump_content_version
  after insert or update or delete on public.blog_post_slugs
  for each statement execute function public.bump_content_version();

-- --------------------------------------------------------------------------- scheduled visibility
drop policy "Anyone can read published posts" on public.blog_posts;

create policy "Anyone can read published posts from their publish time on"
  on public.blog_posts for select to anon, authenticated
  using (published and published_at is not null and published_at <= now());

-- The page cache asks for the next scheduled publish time (server/content-version.ts).
create index blog_posts_published_at_idx on public.blog_posts (published_at) where published;

-- ------------------------------------------------------------------------------------ hero alt text
alter table public.blog_posts
  add constraint blog_posts_hero_image_alt_required check (
    hero_image_url is null or char_length(btrim(coalesce(hero_image_alt, ''))) >= 1
  ) not valid;

-- Translations: one post per language per group is blog_posts_translation_group_language_key
-- (20261124000200); with two languages a group holds at most an Arabic and an English post.
