CREATE TABLE "duty_tallies" (
	"day" date NOT NULL,
	"work" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "duty_tallies_day_work_slot_pk" PRIMARY KEY("day","work","slot")
);
--> statement-breakpoint
-- Kept by the triggers below, in the transaction that changes a duty (decision 0042). The
-- rows a change adds to are taken in one order, (day, work), the total's (-infinity) first,
-- so two changes never wait for each other in a circle.
CREATE FUNCTION "duty_tally"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s smallint := floor(random() * 8)::smallint;
  was_done boolean := TG_OP <> 'INSERT' AND OLD.status = 'completed';
  is_done boolean := TG_OP <> 'DELETE' AND NEW.status = 'completed';
BEGIN
  IF was_done AND is_done THEN
    -- moved to another day or work type: the total stays
    INSERT INTO "duty_tallies" AS t ("day", "work", "slot", "n")
      SELECT * FROM (VALUES (OLD.completed_day, OLD.work, s, -1), (NEW.completed_day, NEW.work, s, 1)) v ORDER BY 1, 2
      ON CONFLICT ("day", "work", "slot") DO UPDATE SET "n" = t."n" + excluded."n";
  ELSIF was_done THEN
    INSERT INTO "duty_tallies" AS t ("day", "work", "slot", "n")
      SELECT * FROM (VALUES ('-infinity'::date, '', s, -1), (OLD.completed_day, OLD.work, s, -1)) v ORDER BY 1, 2
      ON CONFLICT ("day", "work", "slot") DO UPDATE SET "n" = t."n" + excluded."n";
  ELSIF is_done THEN
    INSERT INTO "duty_tallies" AS t ("day", "work", "slot", "n")
      SELECT * FROM (VALUES ('-infinity'::date, '', s, 1), (NEW.completed_day, NEW.work, s, 1)) v ORDER BY 1, 2
      ON CONFLICT ("day", "work", "slot") DO UPDATE SET "n" = t."n" + excluded."n";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "duties_tally_insert_delete" AFTER INSERT OR DELETE ON "duties" FOR EACH ROW EXECUTE FUNCTION "duty_tally"();
--> statement-breakpoint
CREATE TRIGGER "duties_tally_update" AFTER UPDATE OF "status", "completed_day", "work" ON "duties" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.completed_day IS DISTINCT FROM NEW.completed_day OR OLD.work IS DISTINCT FROM NEW.work)
  EXECUTE FUNCTION "duty_tally"();
--> statement-breakpoint
INSERT INTO "duty_tallies" ("day", "work", "slot", "n")
  SELECT "completed_day", "work", 0, count(*) FROM "duties" WHERE "status" = 'completed' GROUP BY "completed_day", "work";
--> statement-breakpoint
INSERT INTO "duty_tallies" ("day", "work", "slot", "n")
  SELECT '-infinity', '', 0, count(*) FROM "duties" WHERE "status" = 'completed' HAVING count(*) > 0;
