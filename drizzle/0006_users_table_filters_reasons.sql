ALTER TABLE "password_expirations" ALTER COLUMN "password_expires_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "password_expirations" ALTER COLUMN "expiry_date" DROP NOT NULL;--> statement-breakpoint
-- Rows written before this migration all had a date; the next check writes each one's real reason.
ALTER TABLE "password_expirations" ADD COLUMN "expiry_reason" text DEFAULT 'organization_default' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_expirations" ALTER COLUMN "expiry_reason" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "password_expirations" ADD COLUMN "validity_days" integer;--> statement-breakpoint
CREATE INDEX "email_sends_tenant_user_created_idx" ON "email_sends" USING btree ("tenant_id","graph_user_id","created_at");--> statement-breakpoint
CREATE INDEX "password_expirations_tenant_name_idx" ON "password_expirations" USING btree ("tenant_id","user_display_name","id");--> statement-breakpoint
CREATE INDEX "password_expirations_tenant_email_idx" ON "password_expirations" USING btree ("tenant_id","user_email","id");--> statement-breakpoint
CREATE INDEX "password_expirations_tenant_notified_idx" ON "password_expirations" USING btree ("tenant_id","last_notified_at" NULLS FIRST,"id");