-- Issue 16, decision 0027: every change to the data the server's cached answers are built
-- from tells every server instance (LISTEN dutyroll_data), after the change commits, so a
-- cached list is never served again once its data changed. Statement-level: one
-- notification per statement (PostgreSQL folds equal ones within a transaction).
-- Not on sessions, password_resets, rate_limits, request_keys, audit_log, chat_messages:
-- no cached answer reads them.
CREATE FUNCTION dutyroll_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dutyroll_data', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION dutyroll_data_changed();--> statement-breakpoint
CREATE TRIGGER staff_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "staff" FOR EACH STATEMENT EXECUTE FUNCTION dutyroll_data_changed();--> statement-breakpoint
CREATE TRIGGER duties_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "duties" FOR EACH STATEMENT EXECUTE FUNCTION dutyroll_data_changed();--> statement-breakpoint
CREATE TRIGGER duty_workers_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "duty_workers" FOR EACH STATEMENT EXECUTE FUNCTION dutyroll_data_changed();--> statement-breakpoint
CREATE TRIGGER bills_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bills" FOR EACH STATEMENT EXECUTE FUNCTION dutyroll_data_changed();--> statement-breakpoint
CREATE TRIGGER staffing_norms_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "staffing_norms" FOR EACH STATEMENT EXECUTE FUNCTION dutyroll_data_changed();--> statement-breakpoint
CREATE TRIGGER ifsc_branches_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ifsc_branches" FOR EACH STATEMENT EXECUTE FUNCTION dutyroll_data_changed();--> statement-breakpoint
CREATE TRIGGER settings_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION dutyroll_data_changed();--> statement-breakpoint
CREATE TRIGGER states_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "states" FOR EACH STATEMENT EXECUTE FUNCTION dutyroll_data_changed();--> statement-breakpoint
CREATE TRIGGER contract_periods_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contract_periods" FOR EACH STATEMENT EXECUTE FUNCTION dutyroll_data_changed();
