DROP INDEX "patients_name_sort";--> statement-breakpoint
DROP INDEX "patients_nik_sort";--> statement-breakpoint
DROP INDEX "patients_nip_sort";--> statement-breakpoint
DROP INDEX "patients_phone_sort";--> statement-breakpoint
DROP INDEX "patients_insurance_no_sort";--> statement-breakpoint
CREATE INDEX "patients_name_sort" ON "patients" USING btree ((upper("name") collate "C"),"id","name") WHERE "patients"."deleted_at" is null and not "patients"."provisional";--> statement-breakpoint
CREATE INDEX "patients_nik_sort" ON "patients" USING btree ((upper("nik") collate "C"),(upper("name") collate "C"),"id","nik","name") WHERE "patients"."deleted_at" is null and not "patients"."provisional" and "patients"."nik" is not null;--> statement-breakpoint
CREATE INDEX "patients_nip_sort" ON "patients" USING btree ((upper("nip") collate "C"),(upper("name") collate "C"),"id","nip","name") WHERE "patients"."deleted_at" is null and not "patients"."provisional" and "patients"."nip" is not null;--> statement-breakpoint
CREATE INDEX "patients_phone_sort" ON "patients" USING btree ((upper("phone") collate "C"),(upper("name") collate "C"),"id","phone","name") WHERE "patients"."deleted_at" is null and not "patients"."provisional" and "patients"."phone" is not null;--> statement-breakpoint
CREATE INDEX "patients_insurance_no_sort" ON "patients" USING btree ((upper("insurance_no") collate "C"),(upper("name") collate "C"),"id","insurance_no","name") WHERE "patients"."deleted_at" is null and not "patients"."provisional" and "patients"."insurance_no" is not null;