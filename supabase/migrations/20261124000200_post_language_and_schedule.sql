-- Posts have a language and can be linked as translations of each other; a publish time for scheduled
-- publishing; optional SEO fields and the hero image's alt text.
--   language          'ar' (default) or 'en'; an article lives only under its own language's prefix.
--   translation_group posts that are translations of each other share it (one post per language).
--   published_at      when a published post becomes visible (null while a draft).
--   meta_title, meta_description, hero_image_alt  optional search and share fields.

alter table public.blog_posts
  add column language text,
  add column translation_group uuid not null default gen_random_uuid(),
  add column published_at timestamptz,
  add column meta_title text,
  add column meta_description text,
  add column hero_image_alt text;

-- Existing posts: the language their title is written in; published ones went live when created.
update public.blog_posts
  set language = case when title ~ '[؀-ۿ]' then 'ar' else 'en' end,
      published_at = case when published then created_at end;

-- Arabic is the site's first language: a post is Arabic unless said otherwise.
alter table public.blog_posts
  alter column language set default 'ar',
  alter column language set not null,
  add constraint blog_posts_language_check check (language in ('ar', 'en')),
  add constraint blog_posts_translation_group_language_key unique (translation_group, language),
  add constraint blog_posts_meta_title_check check (meta_title is null or char_length(meta_title) <= 200),
  add constraint blog_posts_meta_description_check check (
    meta_description is null or char_length(meta_description) <= 500
  ),
  add constraint blog_posts_hero_image_alt_check check (
    hero_image_alt is null or char_length(hero_image_alt) <= 300
  );

-- Slugs are unique per language (the same slug may name an Arabic and an English post).
alter table public.blog_posts drop constraint blog_posts_slug_key;
alter table public.blog_posts add constraint blog_posts_language_slug_key unique (language, slug);

create index blog_posts_language_published_at_idx
  on public.blog_posts (language, published_at desc) where published;

-- A post published without a time goes live now.
create function public.blog_posts_default_published_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.published and new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end;
$$;
revoke all on function public.blog_posts_default_published_at() from public, anon, authenticated;

create trigger blog_posts_default_published_at
  before insert or update on public.blog_posts
  for each row execute function public.blog_posts_default_published_at();
