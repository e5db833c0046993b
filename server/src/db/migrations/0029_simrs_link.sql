CREATE TABLE "simrs_link_tables" (
	"table_name" text PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"full_recno" bigint DEFAULT 0 NOT NULL,
	"full_done_at" timestamp with time zone,
	"rows_mirrored" bigint DEFAULT 0 NOT NULL,
	"rows_rejected" bigint DEFAULT 0 NOT NULL,
	"last_rejection" text,
	"synced_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "simrs_link_tables" ADD CONSTRAINT "simrs_link_tables_import_id_legacy_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."legacy_imports"("id") ON DELETE no action ON UPDATE no action;