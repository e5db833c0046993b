CREATE TABLE "registration_seps" (
	"registration_id" integer PRIMARY KEY NOT NULL,
	"number" text,
	"date" date,
	"claimed_at" timestamp with time zone NOT NULL,
	"staff_id" integer,
	"issued_at" timestamp with time zone,
	"record" jsonb,
	CONSTRAINT "registration_seps_number_unique" UNIQUE("number"),
	CONSTRAINT "registration_seps_issued" CHECK (("registration_seps"."number" is null) = ("registration_seps"."date" is null) and ("registration_seps"."number" is null) = ("registration_seps"."record" is null) and ("registration_seps"."number" is null) = ("registration_seps"."issued_at" is null))
);
--> statement-breakpoint
ALTER TABLE "registration_seps" ADD CONSTRAINT "registration_seps_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_seps" ADD CONSTRAINT "registration_seps_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;