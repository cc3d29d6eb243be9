CREATE TABLE "operator_audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"action" text NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sign_in_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sign_in_email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD CONSTRAINT "operator_audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_audit_log_created_at_idx" ON "operator_audit_log" USING btree ("created_at");
