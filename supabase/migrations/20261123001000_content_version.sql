-- Public-page cache coherence. Every change to blog posts (from the API, the admin, a migration or plain
-- SQL) bumps one counter and announces it on the "wasla_content" channel. The web server keeps rendered
-- pages in memory and drops them as soon as the counter moves: it LISTENs on PostgreSQL and reads the
-- counter every 250 ms on both databases (the embedded PGlite has no other process to notify).

create table public.content_version (
  id smallint primary key default 1,
  version bigint not null default 1,
  changed_at timestamptz not null default now(),
  constraint content_version_single_row check (id = 1)
);
alter table public.content_version enable row level security;

insert into public.content_version (id) values (1);

-- Server-side only: the web server reads it with its own connection; no client role needs it.
revoke all on table public.content_version from anon, authenticated;
grant select on table public.content_version to service_role;

create policy "The service role can read the content version"
  on public.content_version for select to service_role
  using (true);

create function public.bump_content_version()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v bigint;
begin
  update public.content_version set version = version + 1, changed_at = now() where id = 1 returning version into v;
  perform pg_notify('wasla_content', coalesce(v, 0)::text);
  return null;
end;
$$;
revoke all on function public.bump_content_version() from public, anon, authenticated;

create trigger blog_posts_bump_content_version
  after insert or update or delete on public.blog_posts
  for each statement execute function public.bump_content_version();

create trigger blog_posts_truncate_bumps_content_version
  after truncate on public.blog_posts
  for each statement execute function public.bump_content_version();
