ALTER TABLE "patients" ADD COLUMN "mother_name" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "occupation" text;