-- Embedded-only bootstrap: the parts of a Supabase database that hosted Supabase already provides
-- (roles, the auth and storage schemas, auth.uid()/auth.role()/auth.jwt(), default privileges).
-- It is NOT a migration: `supabase db push` must never see it. The embedded server runs it on every
-- start before supabase/migrations; every statement is idempotent. It is skipped on a database that
-- is a real Supabase project (one that has auth.schema_migrations).

-- Roles belong to the cluster, not to one database: two servers starting at once on two databases of one
-- cluster (CI runs the server tests on Node 22 and 24 side by side) may both find a role missing. The one
-- that loses the race finds it made and goes on.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    begin create role anon nologin noinherit; exception when duplicate_object or unique_violation then null; end;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    begin create role authenticated nologin noinherit; exception when duplicate_object or unique_violation then null; end;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    begin create role service_role nologin noinherit bypassrls; exception when duplicate_object or unique_violation then null; end;
  end if;
end
$$;

-- The connecting role must be able to SET ROLE to each API role (as PostgREST's authenticator can).
do $$
begin
  if not pg_has_role(current_user, 'anon', 'MEMBER') then execute format('grant anon to %I', current_user); end if;
  if not pg_has_role(current_user, 'authenticated', 'MEMBER') then execute format('grant authenticated to %I', current_user); end if;
  if not pg_has_role(current_user, 'service_role', 'MEMBER') then execute format('grant service_role to %I', current_user); end if;
end
$$;

create schema if not exists auth;
create schema if not exists storage;
create schema if not exists extensions;
create schema if not exists embedded;

grant usage on schema public, auth, storage, extensions to anon, authenticated, service_role;
revoke all on schema embedded from public;

-- Supabase grants the API roles everything on new objects in public; RLS and explicit revokes in the
-- migrations decide. Mirroring it keeps the embedded database and hosted Supabase identical.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- auth
-- ---------------------------------------------------------------------------------------------
create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255) not null default 'authenticated',
  role varchar(255) not null default 'authenticated',
  email varchar(255) not null,
  encrypted_password varchar(255) not null,
  email_confirmed_at timestamptz default now(),
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{"provider":"email","providers":["email"]}',
  raw_user_meta_data jsonb not null default '{}',
  is_super_admin boolean,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  phone text,
  banned_until timestamptz,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_key on auth.users (lower(email));

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  aal text not null default 'aal1',
  user_agent text,
  ip inet
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- Refresh tokens are stored as SHA-256 hashes, never in clear.
create table if not exists auth.refresh_tokens (
  id bigint generated always as identity primary key,
  token_hash text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  revoked boolean not null default false,
  parent_hash text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id);

-- One-time links (password recovery, team invitations): only a SHA-256 of the token is stored; a
-- token works once, for its own type, until it expires.
create table if not exists auth.one_time_tokens (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in ('recovery', 'invite')),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index if not exists one_time_tokens_user_idx on auth.one_time_tokens (user_id, token_type);

revoke all on all tables in schema auth from anon, authenticated;
grant all on all tables in schema auth to service_role;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- storage (the columns Supabase Storage has; bytes live in embedded.object_data)
-- ---------------------------------------------------------------------------------------------
create table if not exists storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $$ select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1] $$;

create or replace function storage.filename(name text) returns text
language sql immutable
as $$ select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)] $$;

create or replace function storage.extension(name text) returns text
language sql immutable
as $$ select reverse(split_part(reverse(name), '.', 1)) $$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

create table if not exists embedded.object_data (
  object_id uuid primary key references storage.objects (id) on delete cascade,
  data bytea not null
);
revoke all on embedded.object_data from public;

-- Images no post uses, since when (server/jobs/image-cleanup.ts deletes them after a grace period).
create table if not exists embedded.unused_objects (
  object_id uuid primary key references storage.objects (id) on delete cascade,
  unused_since timestamptz not null
);
revoke all on embedded.unused_objects from public;
