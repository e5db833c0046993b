CREATE TABLE "legacy_import_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"table_name" text NOT NULL,
	"legacy_key" text NOT NULL,
	"file" text NOT NULL,
	"line" integer NOT NULL,
	CONSTRAINT "legacy_import_changes_row" UNIQUE("import_id","table_name","legacy_key")
);
--> statement-breakpoint
CREATE TABLE "legacy_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"folder" text NOT NULL,
	"apply" boolean NOT NULL,
	"highest_mrn" text,
	"summary" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "patients" ALTER COLUMN "birth_date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "import_run" integer;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "import_run" integer;--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "import_run" integer;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "import_run" integer;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "import_issues" jsonb;--> statement-breakpoint
ALTER TABLE "reference_codes" ADD COLUMN "import_run" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "import_run" integer;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "password_change_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tariff_books" ADD COLUMN "import_run" integer;--> statement-breakpoint
ALTER TABLE "tariff_items" ADD COLUMN "import_run" integer;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD COLUMN "import_run" integer;--> statement-breakpoint
ALTER TABLE "visit_items" ADD COLUMN "import_run" integer;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "import_run" integer;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "import_run" integer;--> statement-breakpoint
ALTER TABLE "legacy_import_changes" ADD CONSTRAINT "legacy_import_changes_import_id_legacy_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."legacy_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- `import_run`: > 0, written by that import run and unchanged since; < 0, imported by run -n and
-- changed in the portal since; null, created in the portal. The portal's first change of an imported
-- row negates it, unless the change is an import's own (`portal.import_run`, set per transaction by
-- the importer). Rows an import never wrote (null) never fire it.
CREATE FUNCTION "legacy_import_mark"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.import_run := coalesce(nullif(current_setting('portal.import_run', true), '')::integer, -OLD.import_run);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "patients_import_run" BEFORE UPDATE ON "patients" FOR EACH ROW WHEN (OLD.import_run > 0) EXECUTE FUNCTION "legacy_import_mark"();--> statement-breakpoint
CREATE TRIGGER "reference_codes_import_run" BEFORE UPDATE ON "reference_codes" FOR EACH ROW WHEN (OLD.import_run > 0) EXECUTE FUNCTION "legacy_import_mark"();--> statement-breakpoint
CREATE TRIGGER "outpatient_visits_import_run" BEFORE UPDATE ON "outpatient_visits" FOR EACH ROW WHEN (OLD.import_run > 0) EXECUTE FUNCTION "legacy_import_mark"();--> statement-breakpoint
CREATE TRIGGER "visit_items_import_run" BEFORE UPDATE ON "visit_items" FOR EACH ROW WHEN (OLD.import_run > 0) EXECUTE FUNCTION "legacy_import_mark"();--> statement-breakpoint
CREATE TRIGGER "rooms_import_run" BEFORE UPDATE ON "rooms" FOR EACH ROW WHEN (OLD.import_run > 0) EXECUTE FUNCTION "legacy_import_mark"();--> statement-breakpoint
CREATE TRIGGER "admissions_import_run" BEFORE UPDATE ON "admissions" FOR EACH ROW WHEN (OLD.import_run > 0) EXECUTE FUNCTION "legacy_import_mark"();--> statement-breakpoint
CREATE TRIGGER "operations_import_run" BEFORE UPDATE ON "operations" FOR EACH ROW WHEN (OLD.import_run > 0) EXECUTE FUNCTION "legacy_import_mark"();--> statement-breakpoint
CREATE TRIGGER "registrations_import_run" BEFORE UPDATE ON "registrations" FOR EACH ROW WHEN (OLD.import_run > 0) EXECUTE FUNCTION "legacy_import_mark"();--> statement-breakpoint
CREATE TRIGGER "doctors_import_run" BEFORE UPDATE ON "doctors" FOR EACH ROW WHEN (OLD.import_run > 0) EXECUTE FUNCTION "legacy_import_mark"();--> statement-breakpoint
CREATE TRIGGER "clinics_import_run" BEFORE UPDATE ON "clinics" FOR EACH ROW WHEN (OLD.import_run > 0) EXECUTE FUNCTION "legacy_import_mark"();--> statement-breakpoint
CREATE TRIGGER "tariff_books_import_run" BEFORE UPDATE ON "tariff_books" FOR EACH ROW WHEN (OLD.import_run > 0) EXECUTE FUNCTION "legacy_import_mark"();--> statement-breakpoint
CREATE TRIGGER "tariff_items_import_run" BEFORE UPDATE ON "tariff_items" FOR EACH ROW WHEN (OLD.import_run > 0) EXECUTE FUNCTION "legacy_import_mark"();
