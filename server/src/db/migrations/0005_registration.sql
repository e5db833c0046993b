CREATE SEQUENCE "public"."patient_mrn_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "closed_dates" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"clinic_id" integer,
	"doctor_id" integer,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doctor_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"clinic_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"quota_jkn" integer NOT NULL,
	"quota_non_jkn" integer NOT NULL,
	"minutes_per_patient" integer DEFAULT 10 NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "doctor_schedules_weekday" CHECK ("doctor_schedules"."weekday" between 1 and 7),
	CONSTRAINT "doctor_schedules_hours" CHECK ("doctor_schedules"."start_time" < "doctor_schedules"."end_time"),
	CONSTRAINT "doctor_schedules_quotas" CHECK ("doctor_schedules"."quota_jkn" >= 0 and "doctor_schedules"."quota_non_jkn" >= 0),
	CONSTRAINT "doctor_schedules_minutes" CHECK ("doctor_schedules"."minutes_per_patient" > 0)
);
--> statement-breakpoint
CREATE TABLE "queue_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"registration_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"task_id" smallint NOT NULL,
	"status" text NOT NULL,
	"previous_status" text NOT NULL,
	"previous_task_id" smallint,
	"at" timestamp with time zone NOT NULL,
	"staff_id" integer,
	"undone_at" timestamp with time zone,
	"undone_by" integer,
	CONSTRAINT "queue_events_task" CHECK ("queue_events"."task_id" in (1, 2, 3, 4, 5, 6, 7, 99))
);
--> statement-breakpoint
CREATE TABLE "queue_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"schedule_id" integer NOT NULL,
	"date" date NOT NULL,
	"quota_jkn" integer NOT NULL,
	"quota_non_jkn" integer NOT NULL,
	"used_jkn" integer DEFAULT 0 NOT NULL,
	"used_non_jkn" integer DEFAULT 0 NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "queue_sessions_schedule_date" UNIQUE("schedule_id","date"),
	CONSTRAINT "queue_sessions_jkn_quota" CHECK ("queue_sessions"."used_jkn" between 0 and "queue_sessions"."quota_jkn"),
	CONSTRAINT "queue_sessions_non_jkn_quota" CHECK ("queue_sessions"."used_non_jkn" between 0 and "queue_sessions"."quota_non_jkn"),
	CONSTRAINT "queue_sessions_seq" CHECK ("queue_sessions"."last_seq" >= 0)
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"session_id" integer NOT NULL,
	"clinic_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"date" date NOT NULL,
	"patient_id" integer NOT NULL,
	"new_patient" boolean NOT NULL,
	"payer" text NOT NULL,
	"bpjs_card_no" text,
	"referral_no" text,
	"phone" text NOT NULL,
	"queue_seq" integer NOT NULL,
	"queue_number" text NOT NULL,
	"estimated_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'BOOKED' NOT NULL,
	"task_id" smallint,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_code_unique" UNIQUE("code"),
	CONSTRAINT "registrations_session_seq" UNIQUE("session_id","queue_seq"),
	CONSTRAINT "registrations_status" CHECK ("registrations"."status" in ('BOOKED', 'CHECKED_IN', 'CALLED', 'SERVED', 'CANCELLED', 'NO_SHOW')),
	CONSTRAINT "registrations_payer" CHECK ("registrations"."payer" in ('JKN', 'UMUM')),
	CONSTRAINT "registrations_seq" CHECK ("registrations"."queue_seq" > 0)
);
--> statement-breakpoint
ALTER TABLE "closed_dates" ADD CONSTRAINT "closed_dates_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_dates" ADD CONSTRAINT "closed_dates_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_schedules" ADD CONSTRAINT "doctor_schedules_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctor_schedules" ADD CONSTRAINT "doctor_schedules_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_events" ADD CONSTRAINT "queue_events_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_events" ADD CONSTRAINT "queue_events_session_id_queue_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."queue_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_events" ADD CONSTRAINT "queue_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_events" ADD CONSTRAINT "queue_events_undone_by_staff_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_sessions" ADD CONSTRAINT "queue_sessions_schedule_id_doctor_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."doctor_schedules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_session_id_queue_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."queue_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closed_dates_date" ON "closed_dates" USING btree ("date");--> statement-breakpoint
CREATE INDEX "doctor_schedules_clinic_weekday" ON "doctor_schedules" USING btree ("clinic_id","weekday");--> statement-breakpoint
CREATE INDEX "queue_events_registration" ON "queue_events" USING btree ("registration_id","at");--> statement-breakpoint
CREATE INDEX "queue_events_session" ON "queue_events" USING btree ("session_id","id");--> statement-breakpoint
CREATE INDEX "queue_sessions_date" ON "queue_sessions" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_one_per_patient_clinic_date" ON "registrations" USING btree ("patient_id","clinic_id","date") WHERE "registrations"."status" <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "registrations_clinic_date" ON "registrations" USING btree ("clinic_id","date");--> statement-breakpoint
CREATE INDEX "registrations_address_created" ON "registrations" USING btree ("address","created_at");