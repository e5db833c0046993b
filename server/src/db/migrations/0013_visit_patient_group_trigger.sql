-- A visit records the patient's group of the day it is recorded (who pays it), whichever way it is written:
-- the legacy import, the seeders, and any later desk. Visits recorded before this migration get the group
-- their patient has now, the best that is known (the legacy kept no history of it).
UPDATE "outpatient_visits" AS v SET "patient_group_code" = p."patient_group_code"
FROM "patients" AS p
WHERE p."id" = v."patient_id" AND v."patient_group_code" IS NULL;--> statement-breakpoint
CREATE FUNCTION "outpatient_visit_patient_group"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."patient_group_code" IS NULL THEN
    SELECT "patient_group_code" INTO NEW."patient_group_code" FROM "patients" WHERE "id" = NEW."patient_id";
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "outpatient_visits_patient_group" BEFORE INSERT ON "outpatient_visits"
FOR EACH ROW EXECUTE FUNCTION "outpatient_visit_patient_group"();
