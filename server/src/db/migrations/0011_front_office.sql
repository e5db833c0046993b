ALTER TABLE "ambulance_tariffs" DROP CONSTRAINT "ambulance_tariffs_destination_unique";--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_source";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "staff_id" integer;--> statement-breakpoint
ALTER TABLE "ambulance_tariffs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "bpjs_room_code" text;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_merged_into_id_patients_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registrations_date_source" ON "registrations" USING btree ("date","source");--> statement-breakpoint
CREATE UNIQUE INDEX "ambulance_tariffs_destination" ON "ambulance_tariffs" USING btree (upper("destination")) WHERE "ambulance_tariffs"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "outpatient_visits_clinic_date" ON "outpatient_visits" USING btree ("clinic_id","visit_date");--> statement-breakpoint
CREATE INDEX "admissions_room_admitted_at" ON "admissions" USING btree ("room_id","admitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_bpjs_room_code" ON "rooms" USING btree ("bpjs_room_code") WHERE "rooms"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_source" CHECK ("registrations"."source" in ('WEB', 'MJKN', 'DESK'));