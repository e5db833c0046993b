CREATE TABLE "attendance" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"clock_in" timestamp with time zone DEFAULT now() NOT NULL,
	"clock_out" timestamp with time zone,
	"address" text NOT NULL,
	CONSTRAINT "attendance_out_after_in" CHECK ("attendance"."clock_out" is null or "attendance"."clock_out" >= "attendance"."clock_in")
);
--> statement-breakpoint
CREATE TABLE "roster_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"shift" text NOT NULL,
	"role" text NOT NULL,
	"staff_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roster_entries_post_shift" UNIQUE("date","shift","role"),
	CONSTRAINT "roster_entries_shift" CHECK ("roster_entries"."shift" in ('pagi', 'siang', 'malam')),
	CONSTRAINT "roster_entries_role" CHECK ("roster_entries"."role" in ('piket', 'cs'))
);
--> statement-breakpoint
CREATE TABLE "operations" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"queue_order" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"procedure" text NOT NULL,
	"surgeon_id" integer,
	"theatre" text NOT NULL,
	"planned_start" time,
	"status" text DEFAULT 'Menunggu' NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"cancel_reason" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "operations_status" CHECK ("operations"."status" in ('Menunggu', 'Sedang Berlangsung', 'Selesai')),
	CONSTRAINT "operations_order" CHECK ("operations"."queue_order" > 0)
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "address_domicile" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "family_relation" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "spouse_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "ethnicity" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "education" text;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_entries" ADD CONSTRAINT "roster_entries_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operations" ADD CONSTRAINT "operations_surgeon_id_doctors_id_fk" FOREIGN KEY ("surgeon_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attendance_one_open_shift" ON "attendance" USING btree ("staff_id") WHERE "attendance"."clock_out" is null;--> statement-breakpoint
CREATE INDEX "attendance_staff_in" ON "attendance" USING btree ("staff_id","clock_in");--> statement-breakpoint
CREATE INDEX "attendance_clock_in" ON "attendance" USING btree ("clock_in");--> statement-breakpoint
CREATE INDEX "roster_entries_staff" ON "roster_entries" USING btree ("staff_id","date");--> statement-breakpoint
CREATE INDEX "operations_date_order" ON "operations" USING btree ("date","queue_order");--> statement-breakpoint
CREATE INDEX "patients_nik_trgm" ON "patients" USING gin (upper("nik") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_nip_trgm" ON "patients" USING gin (upper("nip") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_phone_trgm" ON "patients" USING gin (upper("phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_insurance_no_trgm" ON "patients" USING gin (upper("insurance_no") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "admissions_patient" ON "admissions" USING btree ("patient_id","admitted_at");--> statement-breakpoint
CREATE INDEX "admissions_admitted_at" ON "admissions" USING btree ("admitted_at");