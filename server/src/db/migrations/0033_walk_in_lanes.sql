-- Walk-in numbers by kind: the tickets and day counters from before the kinds were all `A-…`, which is now
-- Umum's letter, so they become Umum and every printed number stays what it was.
ALTER TABLE "admission_tickets" DROP CONSTRAINT "admission_tickets_previous";--> statement-breakpoint
ALTER TABLE "admission_tickets" DROP CONSTRAINT "admission_tickets_date_seq_pk";--> statement-breakpoint
ALTER TABLE "admission_days" DROP CONSTRAINT "admission_days_pkey";--> statement-breakpoint
ALTER TABLE "admission_days" ADD COLUMN "kind" text DEFAULT 'UMUM' NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_days" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "admission_tickets" ADD COLUMN "kind" text DEFAULT 'UMUM' NOT NULL;--> statement-breakpoint
ALTER TABLE "admission_tickets" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "admission_days" ADD CONSTRAINT "admission_days_date_kind_pk" PRIMARY KEY("date","kind");--> statement-breakpoint
ALTER TABLE "admission_tickets" ADD CONSTRAINT "admission_tickets_date_kind_seq_pk" PRIMARY KEY("date","kind","seq");--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "recalled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admission_tickets" ADD CONSTRAINT "admission_tickets_previous" FOREIGN KEY ("date","kind","previous_seq") REFERENCES "public"."admission_tickets"("date","kind","seq") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admission_days" ADD CONSTRAINT "admission_days_kind" CHECK ("admission_days"."kind" in ('PRIORITAS', 'BPJS', 'UMUM'));--> statement-breakpoint
ALTER TABLE "admission_tickets" ADD CONSTRAINT "admission_tickets_kind" CHECK ("admission_tickets"."kind" in ('PRIORITAS', 'BPJS', 'UMUM'));
