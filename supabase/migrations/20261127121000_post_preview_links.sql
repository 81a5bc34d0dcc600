-- Preview links of a post (docs/admin-posts.md#preview): a link that shows the post as its public article
-- would look, draft or not, to anyone who has it, without an account. The link carries a random 256-bit
-- token; only its SHA-256 is stored, so the table never holds a usable link. A link expires (at most 30
-- days after it was made) and can be revoked (revoked_at) or deleted. Anonymous visitors never read the
-- table: public.preview_post(token) (security definer) checks the token and returns the post.

create table public.post_preview_links (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.blog_posts (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  created_by uuid default auth.uid(),
  created_by_email text default (auth.jwt() ->> 'email'),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  constraint post_preview_links_expiry check (expires_at > created_at and expires_at <= created_at + interval '30 days')
);
create index post_preview_links_post on public.post_preview_links (post_id, created_at desc);
alter table public.post_preview_links enable row level security;

revoke all on table public.post_preview_links from anon, authenticated;
grant select, insert, delete on table public.post_preview_links to authenticated;
grant update (revoked_at) on table public.post_preview_links to authenticated;
grant select, insert, update, delete on table public.post_preview_links to service_role;

create policy "Owners and editors read preview links"
  on public.post_preview_links for select to authenticated
  using ((select public.has_role('owner', 'editor')));

create policy "Owners and editors make preview links"
  on public.post_preview_links for insert to authenticated
  with check ((select public.has_role('owner', 'editor')) and created_by = (select auth.uid()));

create policy "Owners and editors revoke preview links"
  on public.post_preview_links for update to authenticated
  using ((select public.has_role('owner', 'editor')))
  with check ((select public.has_role('owner', 'editor')));

create policy "Owners and editors delete preview links"
  on public.post_preview_links for delete to authenticated
  using ((select public.has_role('owner', 'editor')));

-- The post a live preview token opens (none for an unknown, expired or revoked token).
create function public.preview_post(p_token text)
returns setof public.blog_posts
language sql
stable
security definer
set search_path = ''
as $$
  select p.*
  from public.post_preview_links l
  join public.blog_posts p on p.id = l.post_id
  where p_token is not null
    and char_length(p_token) between 32 and 128
    and l.token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex')
    and l.revoked_at is null
    and l.expires_at > now();
$$;
revoke all on function public.preview_post(text) from public;
grant execute on function public.preview_post(text) to anon, authenticated, service_role;
