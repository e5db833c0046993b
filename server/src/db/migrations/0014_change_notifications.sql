-- Every committed change of a table behind a public read model (beds, duty, queue board, clinics and their
-- schedules, the public operating schedule, tariffs) is announced on the channel `portal_change` with the
-- table's name, whoever wrote it: this server, another server process, the command line or a hand-made
-- fix. NOTIFY is delivered at commit and only then, once per table and transaction, so a rolled-back write
-- announces nothing and a bulk import announces each table once per transaction.
CREATE FUNCTION "portal_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('portal_change', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "rooms_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rooms"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "admissions_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "admissions"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "duty_posts_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "duty_posts"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "staff_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "staff"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "clinics_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clinics"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "doctors_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "doctors"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "doctor_schedules_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "doctor_schedules"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "closed_dates_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "closed_dates"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "queue_sessions_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "queue_sessions"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "registrations_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "registrations"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "operations_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "operations"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "ambulance_tariffs_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ambulance_tariffs"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "tariff_books_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tariff_books"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();--> statement-breakpoint
CREATE TRIGGER "tariff_items_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tariff_items"
FOR EACH STATEMENT EXECUTE FUNCTION "portal_notify_change"();
