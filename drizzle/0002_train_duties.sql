CREATE TABLE "duties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"train_no" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"work" text NOT NULL,
	"supervisor_id" uuid,
	"total_coach" integer,
	"type" text,
	"reqq" integer DEFAULT 0 NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"supplied_bedsheet" integer,
	"returned" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_day" date,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "duties_status_check" CHECK ("duties"."status" in ('processing', 'completed')),
	CONSTRAINT "duties_completed_check" CHECK (("duties"."status" = 'completed') = ("duties"."completed_at" is not null and "duties"."completed_day" is not null))
);
--> statement-breakpoint
CREATE TABLE "duty_workers" (
	"duty_id" uuid NOT NULL,
	"staff_id" uuid NOT NULL,
	CONSTRAINT "duty_workers_duty_id_staff_id_pk" PRIMARY KEY("duty_id","staff_id")
);
--> statement-breakpoint
CREATE TABLE "staffing_norms" (
	"work" text PRIMARY KEY NOT NULL,
	"per_coach" numeric(6, 3) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "duties" ADD CONSTRAINT "duties_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duties" ADD CONSTRAINT "duties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_workers" ADD CONSTRAINT "duty_workers_duty_id_duties_id_fk" FOREIGN KEY ("duty_id") REFERENCES "public"."duties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_workers" ADD CONSTRAINT "duty_workers_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duties_live_idx" ON "duties" USING btree ("work","created_at") WHERE "duties"."status" = 'processing';--> statement-breakpoint
CREATE INDEX "duties_completed_idx" ON "duties" USING btree ("work","completed_day","completed_at") WHERE "duties"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "duties_completed_day_idx" ON "duties" USING btree ("completed_day") WHERE "duties"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "duties_supervisor_idx" ON "duties" USING btree ("supervisor_id");--> statement-breakpoint
CREATE INDEX "duty_workers_staff_idx" ON "duty_workers" USING btree ("staff_id","duty_id");