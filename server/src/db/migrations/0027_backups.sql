CREATE TABLE "backup_drills" (
	"id" serial PRIMARY KEY NOT NULL,
	"backup_id" integer,
	"file" text NOT NULL,
	"ok" boolean NOT NULL,
	"differences" jsonb,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"table_counts" jsonb NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "backups_kind" CHECK ("backups"."kind" in ('embedded', 'postgres'))
);
--> statement-breakpoint
ALTER TABLE "backup_drills" ADD CONSTRAINT "backup_drills_backup_id_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."backups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backup_drills_backup" ON "backup_drills" USING btree ("backup_id","finished_at");--> statement-breakpoint
CREATE INDEX "backups_finished" ON "backups" USING btree ("finished_at");