-- Before PostgreSQL 16 a read-only transaction may still create large objects, and every role may
-- call the functions that do. The platform keeps none: only its own user may create them, so a
-- data source's query (as mip_query_reader) cannot store data through them on any version.
-- Needs the functions' owner (a superuser); without one the server says so and the migration goes on.
DO $$
BEGIN
  REVOKE EXECUTE ON FUNCTION lo_create(oid), lo_creat(integer), lo_from_bytea(oid, bytea) FROM PUBLIC;
  EXECUTE format('GRANT EXECUTE ON FUNCTION lo_create(oid), lo_creat(integer), lo_from_bytea(oid, bytea) TO %I', current_user);
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'large object functions stay open to every role: run this migration as a superuser to close them to data sources';
END $$;
