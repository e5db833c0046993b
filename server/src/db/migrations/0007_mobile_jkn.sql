CREATE TABLE "jkn_credentials" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "jkn_credentials_one" CHECK ("jkn_credentials"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "jkn_token_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"address" text NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jkn_token_attempts_outcome" CHECK ("jkn_token_attempts"."outcome" in ('success', 'failed', 'throttled'))
);
--> statement-breakpoint
CREATE TABLE "jkn_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pharmacy_days" (
	"date" date PRIMARY KEY NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "pharmacy_days_seq" CHECK ("pharmacy_days"."last_seq" >= 0)
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_pending_has_recipient";--> statement-breakpoint
ALTER TABLE "clinics" ADD COLUMN "bpjs_name" text;--> statement-breakpoint
ALTER TABLE "doctors" ADD COLUMN "bpjs_name" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'whatsapp' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "stream" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "province_code" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "province_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "regency_code" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "regency_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "district_code" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "district_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "village_code" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "village_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "rw" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "rt" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "family_card_no" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "visit_type" smallint;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "source" text DEFAULT 'WEB' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "bpjs_reported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "prescription_type" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "pharmacy_seq" integer;--> statement-breakpoint
ALTER TABLE "jkn_credentials" ADD CONSTRAINT "jkn_credentials_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jkn_token_attempts_address_at" ON "jkn_token_attempts" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "jkn_token_attempts_username_at" ON "jkn_token_attempts" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "jkn_tokens_expires" ON "jkn_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "outbox_stream_unsent" ON "outbox" USING btree ("stream","id") WHERE "outbox"."status" <> 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_pharmacy_day_seq" ON "registrations" USING btree ("date","pharmacy_seq") WHERE "registrations"."pharmacy_seq" is not null;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_channel" CHECK ("outbox"."channel" in ('whatsapp', 'bpjs'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_bpjs_has_request" CHECK ("outbox"."channel" <> 'bpjs' or "outbox"."request" is not null);--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_pending_has_recipient" CHECK ("outbox"."channel" <> 'whatsapp' or "outbox"."status" <> 'pending' or "outbox"."recipient" is not null);--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_source" CHECK ("registrations"."source" in ('WEB', 'MJKN'));--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_visit_type" CHECK ("registrations"."visit_type" between 1 and 4);--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_pharmacy" CHECK (("registrations"."prescription_type" is null) = ("registrations"."pharmacy_seq" is null) and "registrations"."prescription_type" in ('racikan', 'non racikan'));