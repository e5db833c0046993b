ALTER TABLE "admission_tickets" ADD COLUMN "counter" smallint;--> statement-breakpoint
ALTER TABLE "admission_tickets" ADD COLUMN "called_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admission_tickets" ADD COLUMN "called_by" integer;--> statement-breakpoint
ALTER TABLE "admission_tickets" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admission_tickets" ADD CONSTRAINT "admission_tickets_called_by_staff_id_fk" FOREIGN KEY ("called_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admission_tickets_at_counter" ON "admission_tickets" USING btree ("date","counter") WHERE "admission_tickets"."counter" is not null and "admission_tickets"."done_at" is null;--> statement-breakpoint
ALTER TABLE "admission_tickets" ADD CONSTRAINT "admission_tickets_call" CHECK (("admission_tickets"."called_at" is null) = ("admission_tickets"."counter" is null) and ("admission_tickets"."done_at" is null or "admission_tickets"."called_at" is not null));--> statement-breakpoint
-- The queue board shows the counters' calls: a change of the tickets is announced like its other tables (0014).
CREATE TRIGGER "admission_tickets_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "admission_tickets"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();
