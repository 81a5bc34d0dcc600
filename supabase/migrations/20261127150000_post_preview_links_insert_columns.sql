-- Preview links (docs/admin-posts.md#preview): the database allows a link at most 30 days, and a link names who
-- made it. Both rested on columns the caller could write: 20261127121000_post_preview_links.sql granted insert on
-- every column, so an owner or editor could store created_at in the future (the expiry check,
-- expires_at <= created_at + 30 days, then let a link work for years) and any created_by_email. From now on
-- the API writes only the post, the token's hash, the expiry and created_by (which the policy checks is the
-- caller); created_at and created_by_email are the database's (now() and the signed-in user's email).
revoke insert on table public.post_preview_links from authenticated;
grant insert (post_id, token_hash, expires_at, created_by) on table public.post_preview_links to authenticated;
