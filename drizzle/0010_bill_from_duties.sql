CREATE TABLE "bill_penalties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work" text NOT NULL,
	"month" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_penalties_month_check" CHECK ("bill_penalties"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "bill_penalties_amount_check" CHECK ("bill_penalties"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "contract_terms" (
	"work" text NOT NULL,
	"effective_from" text NOT NULL,
	"unit" text NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"penalty_per_missing_worker" numeric(14, 2) NOT NULL,
	"contract_period" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_terms_work_effective_from_pk" PRIMARY KEY("work","effective_from"),
	CONSTRAINT "contract_terms_month_check" CHECK ("contract_terms"."effective_from" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "contract_terms_unit_check" CHECK ("contract_terms"."unit" in ('coach', 'tank', 'month')),
	CONSTRAINT "contract_terms_money_check" CHECK ("contract_terms"."rate" >= 0 and "contract_terms"."penalty_per_missing_worker" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "computed" jsonb;--> statement-breakpoint
ALTER TABLE "bill_penalties" ADD CONSTRAINT "bill_penalties_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_terms" ADD CONSTRAINT "contract_terms_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_penalties_work_month_idx" ON "bill_penalties" USING btree ("work","month");