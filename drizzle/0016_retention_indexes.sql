CREATE INDEX "account_mail_outbox_finished_created_idx" ON "account_mail_outbox" USING btree ("created_at") WHERE "account_mail_outbox"."state" in ('sent', 'failed');--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "automation_runs_finished_idx" ON "automation_runs" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "email_sends_finished_created_idx" ON "email_sends" USING btree ("created_at") WHERE "email_sends"."state" in ('sent', 'failed');