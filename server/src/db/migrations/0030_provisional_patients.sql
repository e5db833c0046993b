ALTER TABLE "patients" DROP CONSTRAINT "patients_nik_unique";--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "provisional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_nik_unique" ON "patients" USING btree ("nik") WHERE not "patients"."provisional";--> statement-breakpoint
CREATE INDEX "patients_provisional_nik" ON "patients" USING btree ("nik") WHERE "patients"."provisional";