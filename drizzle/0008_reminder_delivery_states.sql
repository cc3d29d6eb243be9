DROP INDEX "email_sends_claim_idx";--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "error_kind" text;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_run_id_automation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."automation_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_sends_run_state_idx" ON "email_sends" USING btree ("run_id","state");--> statement-breakpoint
CREATE INDEX "email_sends_claim_idx" ON "email_sends" USING btree ("tenant_id","sender_mailbox","priority","next_attempt_at") WHERE "email_sends"."state" in ('queued', 'deferred');