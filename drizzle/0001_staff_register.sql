CREATE SEQUENCE "public"."staff_emp_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "ifsc_branches" (
	"ifsc" text PRIMARY KEY NOT NULL,
	"bank" text NOT NULL,
	"branch" text NOT NULL,
	"address" text,
	"city" text,
	"state" text,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"emp_id" text DEFAULT 'EMP' || lpad(nextval('staff_emp_no_seq')::text, 5, '0') NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"aadhar" text NOT NULL,
	"designation" text DEFAULT 'Cleaning Staff' NOT NULL,
	"category" text,
	"work" text,
	"wage" numeric(12, 2),
	"bank" text,
	"branch" text,
	"ifsc_code" text,
	"ac_number" text,
	"uan_no" text,
	"esi_no" text,
	"status" text DEFAULT 'Active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_status_check" CHECK ("staff"."status" in ('Active', 'On Leave', 'Resigned')),
	CONSTRAINT "staff_phone_check" CHECK ("staff"."phone" ~ '^[0-9]{10}$'),
	CONSTRAINT "staff_aadhar_check" CHECK ("staff"."aadhar" ~ '^[0-9]{12}$')
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_aadhar_key" ON "staff" USING btree ("aadhar");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_emp_id_key" ON "staff" USING btree ("emp_id");--> statement-breakpoint
CREATE INDEX "staff_work_status_created_idx" ON "staff" USING btree ("work","status","created_at");--> statement-breakpoint
CREATE INDEX "staff_created_idx" ON "staff" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_staff_id_key" ON "users" USING btree ("staff_id");