CREATE TABLE "survey_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"unit" text NOT NULL,
	"clinic_id" integer,
	"registration_id" integer,
	"order_id" integer,
	"complaint_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"u1" smallint,
	"u2" smallint,
	"u3" smallint,
	"u4" smallint,
	"u5" smallint,
	"u6" smallint,
	"u7" smallint,
	"u8" smallint,
	"u9" smallint,
	"comment" text,
	CONSTRAINT "survey_invitations_token_unique" UNIQUE("token"),
	CONSTRAINT "survey_invitations_registration_id_unique" UNIQUE("registration_id"),
	CONSTRAINT "survey_invitations_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "survey_invitations_complaint_id_unique" UNIQUE("complaint_id"),
	CONSTRAINT "survey_invitations_unit" CHECK ("survey_invitations"."unit" in ('clinic', 'ambulance', 'complaints')),
	CONSTRAINT "survey_invitations_source" CHECK (("survey_invitations"."unit" = 'clinic' and "survey_invitations"."registration_id" is not null and "survey_invitations"."clinic_id" is not null and "survey_invitations"."order_id" is null and "survey_invitations"."complaint_id" is null)
        or ("survey_invitations"."unit" = 'ambulance' and "survey_invitations"."order_id" is not null and "survey_invitations"."registration_id" is null and "survey_invitations"."clinic_id" is null and "survey_invitations"."complaint_id" is null)
        or ("survey_invitations"."unit" = 'complaints' and "survey_invitations"."complaint_id" is not null and "survey_invitations"."registration_id" is null and "survey_invitations"."clinic_id" is null and "survey_invitations"."order_id" is null)),
	CONSTRAINT "survey_invitations_answers" CHECK ("survey_invitations"."u1" between 1 and 4 and "survey_invitations"."u2" between 1 and 4 and "survey_invitations"."u3" between 1 and 4
        and "survey_invitations"."u4" between 1 and 4 and "survey_invitations"."u5" between 1 and 4 and "survey_invitations"."u6" between 1 and 4
        and "survey_invitations"."u7" between 1 and 4 and "survey_invitations"."u8" between 1 and 4 and "survey_invitations"."u9" between 1 and 4),
	CONSTRAINT "survey_invitations_submitted" CHECK (("survey_invitations"."submitted_at" is null and num_nonnulls("survey_invitations"."u1", "survey_invitations"."u2", "survey_invitations"."u3", "survey_invitations"."u4", "survey_invitations"."u5", "survey_invitations"."u6", "survey_invitations"."u7", "survey_invitations"."u8", "survey_invitations"."u9", "survey_invitations"."comment") = 0)
        or ("survey_invitations"."submitted_at" is not null and num_nulls("survey_invitations"."u1", "survey_invitations"."u2", "survey_invitations"."u3", "survey_invitations"."u4", "survey_invitations"."u5", "survey_invitations"."u6", "survey_invitations"."u7", "survey_invitations"."u8", "survey_invitations"."u9") = 0)),
	CONSTRAINT "survey_invitations_comment" CHECK (char_length("survey_invitations"."comment") <= 1000)
);
--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_clinic_id_clinics_id_fk" FOREIGN KEY ("clinic_id") REFERENCES "public"."clinics"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "survey_invitations" ADD CONSTRAINT "survey_invitations_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "survey_invitations_submitted" ON "survey_invitations" USING btree ("submitted_at");