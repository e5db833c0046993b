CREATE TABLE "admission_days" (
	"date" date PRIMARY KEY NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "admission_days_seq" CHECK ("admission_days"."last_seq" >= 0)
);
--> statement-breakpoint
CREATE TABLE "admission_tickets" (
	"date" date NOT NULL,
	"seq" integer NOT NULL,
	"previous_seq" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admission_tickets_date_seq_pk" PRIMARY KEY("date","seq"),
	CONSTRAINT "admission_tickets_chain" CHECK ("admission_tickets"."seq" >= 1 and coalesce("admission_tickets"."previous_seq", 0) = "admission_tickets"."seq" - 1)
);
--> statement-breakpoint
ALTER TABLE "admission_tickets" ADD CONSTRAINT "admission_tickets_previous" FOREIGN KEY ("date","previous_seq") REFERENCES "public"."admission_tickets"("date","seq") ON DELETE no action ON UPDATE no action;