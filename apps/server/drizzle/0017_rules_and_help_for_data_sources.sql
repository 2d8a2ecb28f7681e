-- Rules and the incidents they raised are data staff build dashboards and reports on (how often a sensor
-- alarm fires, how long it stays open); help articles too. Browser error reports stay out: they hold
-- other people's addresses and devices.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'mip_query_reader') THEN
    RETURN;
  END IF;
  EXECUTE 'GRANT SELECT ON TABLE public.rule_templates, public.rule_template_systems, public.rule_template_events, public.help_articles TO mip_query_reader';
END $$;
