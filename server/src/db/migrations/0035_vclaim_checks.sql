ALTER TABLE "registrations" ADD COLUMN "vclaim_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "vclaim_problem" text;--> statement-breakpoint
CREATE INDEX "registrations_vclaim_pending" ON "registrations" USING btree ("date") WHERE "registrations"."vclaim_pending";