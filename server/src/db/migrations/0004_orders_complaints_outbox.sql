CREATE TABLE "complaint_categories" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaint_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"message" text NOT NULL,
	"staff_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"category" text NOT NULL,
	"unit" text,
	"message" text NOT NULL,
	"name" text,
	"phone" text NOT NULL,
	"status" text DEFAULT 'RECEIVED' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"address" text NOT NULL,
	CONSTRAINT "complaints_code_unique" UNIQUE("code"),
	CONSTRAINT "complaints_status" CHECK ("complaints"."status" in ('RECEIVED', 'IN_PROGRESS', 'RESOLVED'))
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"staff_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"requester_name" text NOT NULL,
	"phone" text NOT NULL,
	"patient_name" text NOT NULL,
	"pickup_address" text NOT NULL,
	"destination" text NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"notes" text,
	"vehicle" text,
	"driver" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"address" text NOT NULL,
	CONSTRAINT "orders_code_unique" UNIQUE("code"),
	CONSTRAINT "orders_kind" CHECK ("orders"."kind" in ('ambulance', 'hearse')),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('NEW', 'CONFIRMED', 'ON_THE_WAY', 'DONE', 'CANCELLED'))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"recipient" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_event_key_unique" UNIQUE("event_key"),
	CONSTRAINT "outbox_status" CHECK ("outbox"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "outbox_pending_has_recipient" CHECK ("outbox"."status" <> 'pending' or "outbox"."recipient" is not null)
);
--> statement-breakpoint
ALTER TABLE "complaint_responses" ADD CONSTRAINT "complaint_responses_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_responses" ADD CONSTRAINT "complaint_responses_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_category_complaint_categories_code_fk" FOREIGN KEY ("category") REFERENCES "public"."complaint_categories"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_responses_complaint" ON "complaint_responses" USING btree ("complaint_id","id");--> statement-breakpoint
CREATE INDEX "complaints_status_created" ON "complaints" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "complaints_address_created" ON "complaints" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "order_events_order" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_scheduled_at" ON "orders" USING btree ("scheduled_at");--> statement-breakpoint
CREATE INDEX "orders_address_created" ON "orders" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "outbox_due" ON "outbox" USING btree ("next_attempt_at","id") WHERE "outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outbox_status_id" ON "outbox" USING btree ("status","id");--> statement-breakpoint
-- The complaint form needs categories on every database, not only the demo; admins keep the list after.
INSERT INTO "complaint_categories" ("code", "name", "sort") VALUES
	('pelayanan', 'Pelayanan', 10),
	('fasilitas', 'Fasilitas', 20),
	('tarif', 'Tarif/Biaya', 30),
	('petugas', 'Petugas', 40),
	('lainnya', 'Lainnya', 90)
ON CONFLICT DO NOTHING;
