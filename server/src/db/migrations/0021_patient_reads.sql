CREATE TABLE "patient_reads" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer NOT NULL,
	"address" text NOT NULL,
	"kind" text NOT NULL,
	"patient_id" integer,
	"criteria" jsonb
);
--> statement-breakpoint
ALTER TABLE "patient_reads" ADD CONSTRAINT "patient_reads_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "patient_reads" ADD CONSTRAINT "patient_reads_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patient_reads_at" ON "patient_reads" USING btree ("at");--> statement-breakpoint
CREATE INDEX "patient_reads_staff" ON "patient_reads" USING btree ("staff_id","at");--> statement-breakpoint
CREATE INDEX "patient_reads_patient" ON "patient_reads" USING btree ("patient_id","at");