DROP INDEX "patients_birth_date";--> statement-breakpoint
CREATE INDEX "patients_name_sort" ON "patients" USING btree ((upper("name") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "patients_nik_sort" ON "patients" USING btree ((upper("nik") collate "C"));--> statement-breakpoint
CREATE INDEX "patients_nip_sort" ON "patients" USING btree ((upper("nip") collate "C"));--> statement-breakpoint
CREATE INDEX "patients_phone_sort" ON "patients" USING btree ((upper("phone") collate "C"));--> statement-breakpoint
CREATE INDEX "patients_insurance_no_sort" ON "patients" USING btree ((upper("insurance_no") collate "C"));--> statement-breakpoint
CREATE INDEX "patients_birth_date_name" ON "patients" USING btree ("birth_date",(upper("name") collate "C"),"id");