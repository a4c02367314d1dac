CREATE TABLE "duty_tallies" (
	"day" date NOT NULL,
	"work" text NOT NULL,
	"slot" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "duty_tallies_day_work_slot_pk" PRIMARY KEY("day","work","slot")
);
--> statement-breakpoint
-- Kept by the triggers below, in the transaction that changes duties (decision 0042): each
-- change adds to one slot chosen at random. Rows are taken in one order, (day, work), the
-- total's (-infinity) first, so two changes never wait for each other in a circle.
-- Inserts are counted once per statement (a load of 200,000 completed duties updates each
-- count once, not 200,000 times in one transaction); a completion, a reopening, a move or a
-- deletion once per row, and only when it changes a count (WHEN), as the app changes one duty
-- at a time and a per-statement trigger costs every UPDATE of duties.
CREATE FUNCTION "duty_tally_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "duty_tallies" AS t ("day", "work", "slot", "n")
    SELECT c.day, c.work, floor(random() * 8)::smallint, sum(c.n) FROM (
      SELECT completed_day AS day, work, 1 AS n FROM new_rows WHERE status = 'completed'
      UNION ALL SELECT '-infinity'::date, '', 1 FROM new_rows WHERE status = 'completed'
    ) c GROUP BY c.day, c.work ORDER BY c.day, c.work
    ON CONFLICT ("day", "work", "slot") DO UPDATE SET "n" = t."n" + excluded."n";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "duty_tally_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  s smallint := floor(random() * 8)::smallint;
  was_done boolean := OLD.status = 'completed';
  is_done boolean := TG_OP = 'UPDATE' AND NEW.status = 'completed';
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
CREATE TRIGGER "duties_tally_insert" AFTER INSERT ON "duties" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "duty_tally_inserted"();
--> statement-breakpoint
CREATE TRIGGER "duties_tally_update" AFTER UPDATE OF "status", "completed_day", "work" ON "duties" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.completed_day IS DISTINCT FROM NEW.completed_day OR OLD.work IS DISTINCT FROM NEW.work)
  EXECUTE FUNCTION "duty_tally_changed"();
--> statement-breakpoint
CREATE TRIGGER "duties_tally_delete" AFTER DELETE ON "duties" FOR EACH ROW WHEN (OLD.status = 'completed') EXECUTE FUNCTION "duty_tally_changed"();
--> statement-breakpoint
INSERT INTO "duty_tallies" ("day", "work", "slot", "n")
  SELECT "completed_day", "work", 0, count(*) FROM "duties" WHERE "status" = 'completed' GROUP BY "completed_day", "work";
--> statement-breakpoint
INSERT INTO "duty_tallies" ("day", "work", "slot", "n")
  SELECT '-infinity', '', 0, count(*) FROM "duties" WHERE "status" = 'completed' HAVING count(*) > 0;
