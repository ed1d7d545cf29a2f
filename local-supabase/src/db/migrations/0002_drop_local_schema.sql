-- Databases made before numbered steps kept a single version number in auth.local_schema;
-- auth.schema_migrations records every applied step now.
drop table if exists auth.local_schema;
