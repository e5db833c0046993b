CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"staff_id" integer,
	"address" text NOT NULL,
	"outcome" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"address" text NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "duty_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"staff_id" integer NOT NULL,
	"previous_staff_id" integer,
	"outcome" text NOT NULL,
	"address" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "duty_posts" (
	"role" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duty_posts_role" CHECK ("duty_posts"."role" in ('piket', 'cs'))
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_events" ADD CONSTRAINT "duty_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_events" ADD CONSTRAINT "duty_events_previous_staff_id_staff_id_fk" FOREIGN KEY ("previous_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_posts" ADD CONSTRAINT "duty_posts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_username" ON "login_attempts" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "login_attempts_address" ON "login_attempts" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "sessions_staff" ON "sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "duty_events_staff" ON "duty_events" USING btree ("staff_id","at");--> statement-breakpoint
CREATE INDEX "duty_events_address" ON "duty_events" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "duty_events_at" ON "duty_events" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_username_unique" ON "staff" USING btree ("username");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_phone_live_unique" ON "staff" USING btree ("phone") WHERE "staff"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_roles_known" CHECK ("staff"."roles" <@ array['admin', 'piket', 'cs', 'registration', 'ward', 'records', 'theatre', 'orders', 'complaints']::text[]);--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_username_lower" CHECK ("staff"."username" = lower("staff"."username"));