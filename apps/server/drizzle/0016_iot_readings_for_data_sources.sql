-- Sensor history is data staff build dashboards and reports on: the query reader may read
-- readings and dead letters, and the queues without their credentials.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'mip_query_reader') THEN
    RETURN;
  END IF;
  EXECUTE 'GRANT SELECT ON TABLE public.iot_readings, public.iot_dead_letters, public.iot_queue_status TO mip_query_reader';
  EXECUTE 'GRANT SELECT (id, name, protocol, topic, enabled, created_at, updated_at) ON TABLE public.iot_queues TO mip_query_reader';
END $$;
