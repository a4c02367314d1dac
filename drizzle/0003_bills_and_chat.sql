CREATE TABLE "bills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"month" text NOT NULL,
	"work" text NOT NULL,
	"status" text NOT NULL,
	"bill_value" numeric(14, 2) NOT NULL,
	"penalty" numeric(14, 2) NOT NULL,
	"net_amount" numeric(14, 2) NOT NULL,
	"consumed_coach" integer,
	"contract_period" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_status_check" CHECK ("bills"."status" in ('Processing', 'Passed to Division', 'Accounts', 'Bill Passed')),
	CONSTRAINT "bills_month_check" CHECK ("bills"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"user_name" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bills_work_month_key" ON "bills" USING btree ("work","month");--> statement-breakpoint
CREATE INDEX "bills_month_idx" ON "bills" USING btree ("month");--> statement-breakpoint
CREATE INDEX "chat_messages_created_idx" ON "chat_messages" USING btree ("created_at","id");