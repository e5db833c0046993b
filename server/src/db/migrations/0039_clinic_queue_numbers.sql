CREATE TABLE "clinic_queue_days" (
	"clinic_id" integer NOT NULL,
	"date" date NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "clinic_queue_days_clinic_id_date_pk" PRIMARY KEY("clinic_id","date"),
	CONSTRAINT "clinic_queue_days_seq" CHECK ("clinic_queue_days"."last_seq" >= 0)
);
--> statement-breakpoint
ALTER TABLE "clinic_queue_days" ADD CONSTRAINT "clinic_queue_days_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Bookings already made go on from the highest number their clinic gave that day.
INSERT INTO "clinic_queue_days" ("clinic_id", "date", "last_seq")
SELECT "clinic_id", "date", max("queue_seq") FROM "registrations" GROUP BY "clinic_id", "date";
