CREATE TABLE "help_article_seeds" (
	"language" text NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"contents" text NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "help_article_seeds_language_url_pk" PRIMARY KEY("language","url")
);
--> statement-breakpoint
-- Installations from before the help was versioned: the articles their first run wrote (in the transaction that
-- created the first user, so at that same instant) and nobody has saved since count as the platform's own, so the
-- new catalogue may bring them up to date. Any other article is an administrator's and stays as it is.
INSERT INTO "help_article_seeds" ("language", "url", "title", "category", "contents")
SELECT "language", "url", "title", "category", "contents" FROM "help_articles"
WHERE "updated_at" = "created_at" AND "created_at" = (SELECT min("created_at") FROM "users");
