CREATE TABLE "wage_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"effective_from" date NOT NULL,
	"wage" numeric(12, 2) NOT NULL,
	"created_by" uuid,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "wage_revisions_wage_check" CHECK ("wage_revisions"."wage" >= 0)
);
--> statement-breakpoint
ALTER TABLE "wage_revisions" ADD CONSTRAINT "wage_revisions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wage_revisions" ADD CONSTRAINT "wage_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wage_revisions_staff_idx" ON "wage_revisions" USING btree ("staff_id","effective_from");--> statement-breakpoint
CREATE INDEX "wage_revisions_pending_idx" ON "wage_revisions" USING btree ("effective_from") WHERE "wage_revisions"."applied_at" is null;