CREATE TABLE "place_areas" (
	"kind" text NOT NULL,
	"place_id" text NOT NULL,
	"min_longitude" double precision NOT NULL,
	"min_latitude" double precision NOT NULL,
	"max_longitude" double precision NOT NULL,
	"max_latitude" double precision NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "place_areas_kind_place_id_pk" PRIMARY KEY("kind","place_id"),
	CONSTRAINT "place_areas_kind_check" CHECK ("place_areas"."kind" in ('DISTRICT', 'COUNTY', 'PARISH'))
);
