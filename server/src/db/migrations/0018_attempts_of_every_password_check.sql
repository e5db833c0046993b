ALTER TABLE "login_attempts" ALTER COLUMN "username" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "kind" text DEFAULT 'login' NOT NULL;--> statement-breakpoint
CREATE INDEX "login_attempts_staff" ON "login_attempts" USING btree ("staff_id","at");