-- Administrators and blog posts.
-- Being signed in is not enough to be an administrator: on hosted Supabase anyone may be able to
-- create an account, so administrators are listed in public.administrators and every policy that
-- grants more than public reading checks public.is_admin().

create table public.administrators (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);
alter table public.administrators enable row level security;

revoke all on table public.administrators from anon, authenticated;
grant select on table public.administrators to authenticated;
grant all on table public.administrators to service_role;

-- security definer so that policies can consult the list without the caller being able to read it;
-- a fixed, empty search_path so nothing can be shadowed.
create function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.administrators a where a.user_id = (select auth.uid())
  );
$$;
revoke all on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

create policy "Signed-in users can see their own administrator entry"
  on public.administrators for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Administrators can see every administrator"
  on public.administrators for select to authenticated
  using ((select public.is_admin()));

-- Nobody adds or removes administrators through the API: that is the operator's job
-- (npm run admin:create, or SQL as the service role / postgres).

create table public.blog_posts (
  id uuid primary key default gen_random_uuid(),
  slug text not null,
  title text not null,
  excerpt text not null,
  content text not null,
  category text not null,
  country text not null,
  read_time text not null,
  is_popular boolean not null default false,
  published boolean not null default false,
  hero_image_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint blog_posts_slug_key unique (slug),
  constraint blog_posts_slug_check check (
    char_length(slug) between 1 and 200 and slug !~ '[[:space:]/?#%\\]' and slug = lower(slug)
  ),
  constraint blog_posts_title_check check (char_length(btrim(title)) >= 1 and char_length(title) <= 200),
  constraint blog_posts_excerpt_check check (char_length(btrim(excerpt)) >= 1 and char_length(excerpt) <= 500),
  constraint blog_posts_content_check check (char_length(btrim(content)) >= 1),
  constraint blog_posts_category_check check (
    category in ('Technology', 'Real Estate', 'AI & Automation', 'Sales', 'Market Analysis')
  ),
  constraint blog_posts_country_check check (country in ('Canada', 'UAE', 'Global')),
  constraint blog_posts_read_time_check check (char_length(btrim(read_time)) between 1 and 50),
  constraint blog_posts_hero_image_url_check check (hero_image_url is null or char_length(hero_image_url) <= 2048)
);
alter table public.blog_posts enable row level security;

create index blog_posts_published_created_at_idx on public.blog_posts (published, created_at desc);
create index blog_posts_created_at_idx on public.blog_posts (created_at desc);

revoke all on table public.blog_posts from anon, authenticated;
grant select on table public.blog_posts to anon;
grant select, insert, update, delete on table public.blog_posts to authenticated;
grant all on table public.blog_posts to service_role;

create policy "Anyone can read published posts"
  on public.blog_posts for select to anon, authenticated
  using (published);

create policy "Administrators can read every post"
  on public.blog_posts for select to authenticated
  using ((select public.is_admin()));

create policy "Administrators can create posts"
  on public.blog_posts for insert to authenticated
  with check ((select public.is_admin()));

create policy "Administrators can update posts"
  on public.blog_posts for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "Administrators can delete posts"
  on public.blog_posts for delete to authenticated
  using ((select public.is_admin()));

-- updated_at is maintained by the database, whatever the client sends.
create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
revoke all on function public.set_updated_at() from public, anon, authenticated;

create trigger blog_posts_set_updated_at
  before update on public.blog_posts
  for each row execute function public.set_updated_at();
