-- Accent- and case-insensitive search ("sao joao" finds "São João") needs both.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- Portuguese order for people's eyes: "Açores" before "Aveiro", whatever the server's own locale.
CREATE COLLATION IF NOT EXISTS pt_natural (provider = icu, locale = 'pt-PT');--> statement-breakpoint
-- unaccent() is only STABLE (it reads a dictionary), so it cannot back an index;
-- this wrapper pins the dictionary and is declared IMMUTABLE for that purpose.
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
