CREATE TABLE "duty_request_keys" (
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"duty_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duty_request_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "duty_request_keys" ADD CONSTRAINT "duty_request_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duty_request_keys" ADD CONSTRAINT "duty_request_keys_duty_id_duties_id_fk" FOREIGN KEY ("duty_id") REFERENCES "public"."duties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "duty_request_keys_created_idx" ON "duty_request_keys" USING btree ("created_at");