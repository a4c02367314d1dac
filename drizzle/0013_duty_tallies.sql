CREATE TABLE "duty_tallies" (
	"day" date NOT NULL,
	"work" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "duty_tallies_day_work_slot_pk" PRIMARY KEY("day","work","slot")
);
--> statement-breakpoint
-- Kept by the triggers below, once per statement that changes duties (decision 0042): the
-- statement's completed duties before (old_rows) and after (new_rows) are counted by day and
-- work type and in all, and added to one slot chosen at random. Per statement rather than per
-- row, so a load of 200,000 duties updates each count once, not 200,000 times in one
-- transaction. The rows are taken in one order, (day, work), so two changes never wait for
-- each other in a circle.
CREATE FUNCTION "duty_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s smallint := floor(random() * 8)::smallint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "duty_tallies" AS t ("day", "work", "slot", "n")
      SELECT c.day, c.work, s, sum(c.n) FROM (
        SELECT completed_day AS day, work, 1 AS n FROM new_rows WHERE status = 'completed'
        UNION ALL SELECT '-infinity'::date, '', 1 FROM new_rows WHERE status = 'completed'
      ) c GROUP BY c.day, c.work ORDER BY c.day, c.work
      ON CONFLICT ("day", "work", "slot") DO UPDATE SET "n" = t."n" + excluded."n";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "duty_tallies" AS t ("day", "work", "slot", "n")
      SELECT c.day, c.work, s, sum(c.n) FROM (
        SELECT completed_day AS day, work, -1 AS n FROM old_rows WHERE status = 'completed'
        UNION ALL SELECT '-infinity'::date, '', -1 FROM old_rows WHERE status = 'completed'
      ) c GROUP BY c.day, c.work ORDER BY c.day, c.work
      ON CONFLICT ("day", "work", "slot") DO UPDATE SET "n" = t."n" + excluded."n";
  ELSE
    -- an unchanged duty counts -1 and +1 on the same row: nothing is written for it
    INSERT INTO "duty_tallies" AS t ("day", "work", "slot", "n")
      SELECT c.day, c.work, s, sum(c.n) FROM (
        SELECT completed_day AS day, work, -1 AS n FROM old_rows WHERE status = 'completed'
        UNION ALL SELECT '-infinity'::date, '', -1 FROM old_rows WHERE status = 'completed'
        UNION ALL SELECT completed_day, work, 1 FROM new_rows WHERE status = 'completed'
        UNION ALL SELECT '-infinity'::date, '', 1 FROM new_rows WHERE status = 'completed'
      ) c GROUP BY c.day, c.work HAVING sum(c.n) <> 0 ORDER BY c.day, c.work
      ON CONFLICT ("day", "work", "slot") DO UPDATE SET "n" = t."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "duties_tally_insert" AFTER INSERT ON "duties" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "duty_tally"();
--> statement-breakpoint
CREATE TRIGGER "duties_tally_update" AFTER UPDATE ON "duties" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "duty_tally"();
--> statement-breakpoint
CREATE TRIGGER "duties_tally_delete" AFTER DELETE ON "duties" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "duty_tally"();
--> statement-breakpoint
INSERT INTO "duty_tallies" ("day", "work", "slot", "n")
  SELECT "completed_day", "work", 0, count(*) FROM "duties" WHERE "status" = 'completed' GROUP BY "completed_day", "work";
--> statement-breakpoint
INSERT INTO "duty_tallies" ("day", "work", "slot", "n")
  SELECT '-infinity', '', 0, count(*) FROM "duties" WHERE "status" = 'completed' HAVING count(*) > 0;
