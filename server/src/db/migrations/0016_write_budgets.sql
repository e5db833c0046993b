CREATE TABLE "write_budgets" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"used" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "write_budgets_window_start" ON "write_budgets" USING btree ("window_start");