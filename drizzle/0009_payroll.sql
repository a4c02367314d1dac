CREATE TABLE "day_marks" (
	"staff_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "day_marks_staff_id_day_pk" PRIMARY KEY("staff_id","day"),
	CONSTRAINT "day_marks_kind_check" CHECK ("day_marks"."kind" in ('leave-paid', 'leave-unpaid', 'weekly-off', 'holiday'))
);
--> statement-breakpoint
CREATE TABLE "deductions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"month" text NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deductions_kind_check" CHECK ("deductions"."kind" in ('advance', 'fine', 'damage', 'other')),
	CONSTRAINT "deductions_amount_check" CHECK ("deductions"."amount" > 0),
	CONSTRAINT "deductions_month_check" CHECK ("deductions"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"day" date PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payroll_settings" (
	"effective_from" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payroll_settings_month_check" CHECK ("payroll_settings"."effective_from" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "payrolls" (
	"month" text NOT NULL,
	"work" text NOT NULL,
	"payroll" jsonb NOT NULL,
	"finalised_by" uuid,
	"finalised_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payrolls_month_work_pk" PRIMARY KEY("month","work"),
	CONSTRAINT "payrolls_month_check" CHECK ("payrolls"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "dob" date;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "guardian_name" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "joined" date;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "skill" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "pf_member" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "esi_member" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "on_leave_from" date;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "left_on" date;--> statement-breakpoint
ALTER TABLE "day_marks" ADD CONSTRAINT "day_marks_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "day_marks" ADD CONSTRAINT "day_marks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deductions" ADD CONSTRAINT "deductions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deductions" ADD CONSTRAINT "deductions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payrolls" ADD CONSTRAINT "payrolls_finalised_by_users_id_fk" FOREIGN KEY ("finalised_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deductions_month_staff_idx" ON "deductions" USING btree ("month","staff_id");--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_gender_check" CHECK ("staff"."gender" in ('M', 'F', 'T'));--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_skill_check" CHECK ("staff"."skill" in ('unskilled', 'semi-skilled', 'skilled', 'highly-skilled'));--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_language_check" CHECK ("staff"."language" in ('en', 'hi', 'ml'));