CREATE TABLE "reference_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "reference_codes_kind_code" UNIQUE("kind","code"),
	CONSTRAINT "reference_codes_kind" CHECK ("reference_codes"."kind" in ('patient_group', 'unit', 'rank', 'company'))
);
--> statement-breakpoint
CREATE TABLE "visit_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"registration_no" text NOT NULL,
	"legacy_rec_no" integer NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"price" integer NOT NULL,
	"amount" integer NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "visit_items_kind_rec_no" UNIQUE("kind","legacy_rec_no"),
	CONSTRAINT "visit_items_kind" CHECK ("visit_items"."kind" in ('RJ', 'RI'))
);
--> statement-breakpoint
DROP INDEX "admissions_one_current_per_patient";--> statement-breakpoint
DROP INDEX "admissions_current_by_room";--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "operations" ADD COLUMN "legacy_rec_no" integer;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "address3" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "address4" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "patient_group_code" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "unit_code" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "rank_code" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "company_code" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "insured_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "husband_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "wife_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "registered_on" date;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "legacy_lama" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "legacy_duty_rec_no" integer;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "legacy_cs_rec_no" integer;--> statement-breakpoint
ALTER TABLE "tariff_items" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD COLUMN "discharge_date" date;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD COLUMN "report_date" date;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD COLUMN "visit_time" time;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD COLUMN "procedures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD COLUMN "payment_status" text;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD COLUMN "locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD COLUMN "clerk_code" text;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD COLUMN "clerk_name" text;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD COLUMN "printed_by" text;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD COLUMN "letter_no" text;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD COLUMN "legacy_rec_no" integer;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "visit_items_registration" ON "visit_items" USING btree ("registration_no");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_items_book_code" ON "tariff_items" USING btree ("book_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "admissions_one_current_per_patient" ON "admissions" USING btree ("patient_id") WHERE "admissions"."discharged_at" is null and "admissions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "admissions_current_by_room" ON "admissions" USING btree ("room_id") WHERE "admissions"."discharged_at" is null and "admissions"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_code_unique" UNIQUE("code");--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_legacy_rec_no_unique" UNIQUE("legacy_rec_no");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_legacy_duty_rec_no_unique" UNIQUE("legacy_duty_rec_no");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_legacy_cs_rec_no_unique" UNIQUE("legacy_cs_rec_no");--> statement-breakpoint
-- The legacy record keeps husband and wife apart (`suami`, `istri`): a woman's spouse is her husband.
UPDATE "patients" SET "husband_name" = "spouse_name" WHERE "sex" = 'P' AND "spouse_name" IS NOT NULL;--> statement-breakpoint
UPDATE "patients" SET "wife_name" = "spouse_name" WHERE "sex" = 'L' AND "spouse_name" IS NOT NULL;
