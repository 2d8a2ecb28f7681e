-- The audit log holds what changed, configuration keys and every data source's SQL included, and from
-- which address: data sources (as mip_query_reader) read it through a view of who did what to which
-- record and when — never the before and after, the IP address or the browser.
CREATE VIEW public.audit_log_public AS
  SELECT id, at, user_id, impersonator_user_id, action, record_type, record_id FROM public.audit_log;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'mip_query_reader') THEN
    RETURN;
  END IF;
  EXECUTE 'REVOKE SELECT ON TABLE public.audit_log FROM mip_query_reader';
  EXECUTE 'GRANT SELECT ON TABLE public.audit_log_public TO mip_query_reader';
END $$;
--> statement-breakpoint
-- Secret settings were written into the log in clear before: a key left as "[redacted]" before a change
-- and "[changed]" after it; an empty value (a key cleared) says nothing and stays.
UPDATE public.audit_log
   SET before = CASE WHEN before ? 'value' AND before->>'value' <> '""'
                     THEN jsonb_set(before, '{value}', '"[redacted]"') ELSE before END,
       after = CASE WHEN after ? 'value' AND after->>'value' <> '""'
                    THEN jsonb_set(after, '{value}', '"[changed]"') ELSE after END
 WHERE record_type = 'configuration' AND record_id IN ('app.googleMapApiKey', 'waze.feedUrl');
--> statement-breakpoint
-- Every role may call these by default, and their effect reaches past a read-only statement: signals on
-- the platform's channels (its caches and rules listen), the advisory locks its singletons and jobs
-- take, WAL written, transaction ids consumed, and other sessions of the same role (other visitors'
-- widget queries) cancelled. Only the platform's own user may call them now (it notifies and locks,
-- and may run without SUPERUSER once migrated); a data source cannot.
-- Releasing one's own advisory locks stays open (the reader's session reset does it); set_config stays
-- open too: the reader's transactions are read-only, it cannot become another role, every setting is
-- reset after its answer, and tools such as pg_dump call it as any role.
-- Needs a superuser (the functions' owner is one); without one the migration says so in a notice and
-- goes on. Other roles of this database lose them as well: grant them back to a role that needs them.
DO $$
DECLARE
  fn regprocedure;
  grantee name;
  -- The platform's user: the one migrating, and those granted the reader (README: "Data sources").
  grantees name[] := ARRAY(
    SELECT current_user::name
    UNION
    SELECT r.rolname FROM pg_auth_members m JOIN pg_roles r ON r.oid = m.member
     WHERE m.roleid = (SELECT oid FROM pg_roles WHERE rolname = 'mip_query_reader'));
BEGIN
  IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    RAISE NOTICE 'pg_notify, advisory locks and other functions with side effects stay open to every role: run this migration as a superuser to close them to data sources';
    RETURN;
  END IF;
  FOR fn IN
    SELECT p.oid::regprocedure FROM pg_proc p
     WHERE p.pronamespace = 'pg_catalog'::regnamespace
       AND p.proname IN (
         'pg_notify',
         'pg_advisory_lock', 'pg_advisory_lock_shared', 'pg_try_advisory_lock', 'pg_try_advisory_lock_shared',
         'pg_advisory_xact_lock', 'pg_advisory_xact_lock_shared',
         'pg_try_advisory_xact_lock', 'pg_try_advisory_xact_lock_shared',
         'pg_logical_emit_message', 'txid_current', 'pg_current_xact_id',
         'pg_cancel_backend', 'pg_terminate_backend')
  LOOP
    EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', fn);
    FOREACH grantee IN ARRAY grantees LOOP
      EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', fn, grantee);
    END LOOP;
  END LOOP;
END $$;
