-- auth.sessions as GoTrue keeps it (migrations 20221114143122_add_session_not_after_column,
-- 20231027141322_add_session_refresh_columns, 20231114161723_add_sessions_tag): `ip` is inet and `refreshed_at` a
-- timestamp without time zone holding UTC, so database functions over this table (supabase/migrations) read it
-- the same way here and on a hosted project. Nothing wrote `ip` before this step.
alter table auth.sessions
  alter column ip type inet using nullif(ip, '')::inet,
  alter column refreshed_at type timestamp using refreshed_at at time zone 'utc',
  add column not_after timestamptz,
  add column tag text;
create index sessions_not_after_idx on auth.sessions (not_after desc);
