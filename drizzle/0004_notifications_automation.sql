CREATE TABLE "automation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"local_day" date NOT NULL,
	"status" text NOT NULL,
	"requested_by_user_id" uuid,
	"summary" jsonb,
	"message" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "automation_schedules" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone,
	"basis" text,
	"last_run_day" date
);
--> statement-breakpoint
CREATE TABLE "email_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"graph_user_id" text,
	"recipient" text NOT NULL,
	"display_name" text NOT NULL,
	"expiry_date" date NOT NULL,
	"local_day" date NOT NULL,
	"sender_mailbox" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"priority" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"deferrals" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"claimed_by" text,
	"lease_until" timestamp with time zone,
	"subject" text,
	"body_html" text,
	"body_text" text,
	"requested_by_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mailbox_holds" (
	"sender_mailbox" text PRIMARY KEY NOT NULL,
	"hold_until" timestamp with time zone NOT NULL,
	"consecutive_deferrals" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_expirations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"graph_user_id" text NOT NULL,
	"user_email" text NOT NULL,
	"user_display_name" text NOT NULL,
	"mail_address" text,
	"password_expires_at" timestamp with time zone NOT NULL,
	"expiry_date" date NOT NULL,
	"last_notified_at" timestamp with time zone,
	"checked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_schedules" ADD CONSTRAINT "automation_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_expirations" ADD CONSTRAINT "password_expirations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_scheduled_day_key" ON "automation_runs" USING btree ("tenant_id","local_day") WHERE "automation_runs"."trigger" = 'schedule';--> statement-breakpoint
CREATE INDEX "automation_runs_tenant_finished_idx" ON "automation_runs" USING btree ("tenant_id","finished_at");--> statement-breakpoint
CREATE INDEX "automation_schedules_next_run_idx" ON "automation_schedules" USING btree ("next_run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_sends_reminder_key" ON "email_sends" USING btree ("tenant_id","graph_user_id","expiry_date","local_day") WHERE "email_sends"."kind" = 'reminder';--> statement-breakpoint
CREATE INDEX "email_sends_claim_idx" ON "email_sends" USING btree ("tenant_id","sender_mailbox","priority","next_attempt_at") WHERE "email_sends"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "email_sends_mailbox_attempt_idx" ON "email_sends" USING btree ("sender_mailbox","last_attempt_at");--> statement-breakpoint
CREATE INDEX "email_sends_mailbox_sent_idx" ON "email_sends" USING btree ("sender_mailbox","sent_at") WHERE "email_sends"."state" = 'sent';--> statement-breakpoint
CREATE INDEX "email_sends_sending_idx" ON "email_sends" USING btree ("sender_mailbox","lease_until") WHERE "email_sends"."state" = 'sending';--> statement-breakpoint
CREATE INDEX "email_sends_tenant_sent_idx" ON "email_sends" USING btree ("tenant_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_expirations_tenant_user_key" ON "password_expirations" USING btree ("tenant_id","graph_user_id");