CREATE TABLE "clinics" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"bpjs_code" text,
	"queue_prefix" text NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "clinics_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "doctors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"bpjs_code" text,
	"clinic_id" integer NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "doctors_bpjs_code_unique" UNIQUE("bpjs_code")
);
--> statement-breakpoint
CREATE TABLE "patients" (
	"id" serial PRIMARY KEY NOT NULL,
	"mrn" text NOT NULL,
	"nik" text,
	"name" text NOT NULL,
	"sex" text NOT NULL,
	"birth_date" date NOT NULL,
	"birth_place" text,
	"address" text,
	"phone" text,
	"nip" text,
	"insurance_no" text,
	"patient_group" text,
	"unit" text,
	"rank" text,
	"company" text,
	"religion" text,
	"marital_status" text,
	"family_contact_name" text,
	"family_contact_phone" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "patients_mrn_unique" UNIQUE("mrn"),
	CONSTRAINT "patients_nik_unique" UNIQUE("nik")
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ambulance_tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"destination" text NOT NULL,
	"price" integer NOT NULL,
	"notes" text,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "ambulance_tariffs_destination_unique" UNIQUE("destination"),
	CONSTRAINT "ambulance_tariffs_price" CHECK ("ambulance_tariffs"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tariff_books" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "tariff_books_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "tariff_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"book_id" integer NOT NULL,
	"name" text NOT NULL,
	"class" text NOT NULL,
	"price" integer NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "tariff_items_price" CHECK ("tariff_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "outpatient_visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_no" text NOT NULL,
	"patient_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"doctor_id" integer,
	"visit_date" date NOT NULL,
	"diagnoses" text[] DEFAULT '{}'::text[] NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"vaccination" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outpatient_visits_registration_no_unique" UNIQUE("registration_no")
);
--> statement-breakpoint
CREATE TABLE "admissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_no" text NOT NULL,
	"patient_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"admitted_at" timestamp with time zone NOT NULL,
	"discharged_at" timestamp with time zone,
	CONSTRAINT "admissions_registration_no_unique" UNIQUE("registration_no")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"class" text NOT NULL,
	"capacity" integer NOT NULL,
	"sex" text,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "rooms_code_unique" UNIQUE("code"),
	CONSTRAINT "rooms_capacity_positive" CHECK ("rooms"."capacity" > 0)
);
--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_items" ADD CONSTRAINT "tariff_items_book_id_tariff_books_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."tariff_books"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD CONSTRAINT "outpatient_visits_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD CONSTRAINT "outpatient_visits_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outpatient_visits" ADD CONSTRAINT "outpatient_visits_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_name_trgm" ON "patients" USING gin (upper("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_birth_date" ON "patients" USING btree ("birth_date");--> statement-breakpoint
CREATE INDEX "tariff_items_book" ON "tariff_items" USING btree ("book_id");--> statement-breakpoint
CREATE INDEX "tariff_items_name_trgm" ON "tariff_items" USING gin (upper("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outpatient_visits_patient" ON "outpatient_visits" USING btree ("patient_id","visit_date");--> statement-breakpoint
CREATE INDEX "outpatient_visits_date" ON "outpatient_visits" USING btree ("visit_date");--> statement-breakpoint
CREATE UNIQUE INDEX "admissions_one_current_per_patient" ON "admissions" USING btree ("patient_id") WHERE "admissions"."discharged_at" is null;--> statement-breakpoint
CREATE INDEX "admissions_current_by_room" ON "admissions" USING btree ("room_id") WHERE "admissions"."discharged_at" is null;