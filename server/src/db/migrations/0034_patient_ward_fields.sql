ALTER TABLE "patients" ADD COLUMN "mother_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "occupation" text;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "bed" integer;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "dpjp_id" integer;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "discharge_reason" text;--> statement-breakpoint
ALTER TABLE "admissions" ADD COLUMN "discharge_note" text;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_dpjp_id_doctors_id_fk" FOREIGN KEY ("dpjp_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admissions_one_current_per_bed" ON "admissions" USING btree ("room_id","bed") WHERE "admissions"."discharged_at" is null and "admissions"."deleted_at" is null and "admissions"."bed" is not null;--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_bed_positive" CHECK ("admissions"."bed" >= 1);--> statement-breakpoint
ALTER TABLE "admissions" ADD CONSTRAINT "admissions_discharge_reason" CHECK ("admissions"."discharge_reason" in ('recovered', 'own_request', 'referred', 'died', 'other'));