DROP INDEX "audit_logs_tenant_created_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_created_sequence_idx" ON "audit_logs" USING btree ("tenant_id","created_at" DESC NULLS LAST,"sequence" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "password_expirations_tenant_expiry_date_idx" ON "password_expirations" USING btree ("tenant_id","expiry_date");