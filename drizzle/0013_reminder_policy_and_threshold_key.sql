CREATE TABLE "account_mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"tenant_id" uuid,
	"user_id" uuid,
	"recipient" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "account_mail_periods" (
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_mail_periods_tenant_id_kind_period_pk" PRIMARY KEY("tenant_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "connection_failure_streaks" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "helpdesk_digest_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "system_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"recipients" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entra_consent_requests" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"session_hash" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_policies" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"reminder_days" integer[] NOT NULL,
	"after_expiry_days" integer[] NOT NULL,
	"after_expiry_subject" text NOT NULL,
	"after_expiry_template" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "reminder_recipients" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"pilot_mailbox" text,
	"cc_manager" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_user_id" uuid
);
--> statement-breakpoint
DROP INDEX "email_sends_reminder_key";--> statement-breakpoint
ALTER TABLE "configurations" ADD COLUMN "connection_method" text DEFAULT 'app_registration' NOT NULL;--> statement-breakpoint
ALTER TABLE "configurations" ADD COLUMN "client_secret_expires_at" date;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "user_principal_name" text;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "threshold" integer;--> statement-breakpoint
-- Reminders planned before thresholds existed were one a day: their threshold is the days left on that day, which keeps them unique under the new key.
UPDATE "email_sends" SET "threshold" = "expiry_date" - "local_day" WHERE "kind" = 'reminder';--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "delivered_to" text[];--> statement-breakpoint
ALTER TABLE "password_expirations" ADD COLUMN "user_principal_name" text;--> statement-breakpoint
ALTER TABLE "account_mail_outbox" ADD CONSTRAINT "account_mail_outbox_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_mail_outbox" ADD CONSTRAINT "account_mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_mail_periods" ADD CONSTRAINT "account_mail_periods_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connection_failure_streaks" ADD CONSTRAINT "connection_failure_streaks_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_digest_settings" ADD CONSTRAINT "helpdesk_digest_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_digest_settings" ADD CONSTRAINT "helpdesk_digest_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_announcements" ADD CONSTRAINT "system_announcements_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entra_consent_requests" ADD CONSTRAINT "entra_consent_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entra_consent_requests" ADD CONSTRAINT "entra_consent_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_policies" ADD CONSTRAINT "reminder_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_policies" ADD CONSTRAINT "reminder_policies_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_recipients" ADD CONSTRAINT "reminder_recipients_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_recipients" ADD CONSTRAINT "reminder_recipients_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_mail_outbox_dedupe_key" ON "account_mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "account_mail_outbox_due_idx" ON "account_mail_outbox" USING btree ("next_attempt_at") WHERE "account_mail_outbox"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "account_mail_outbox_sending_idx" ON "account_mail_outbox" USING btree ("lease_until") WHERE "account_mail_outbox"."state" = 'sending';--> statement-breakpoint
CREATE INDEX "entra_consent_requests_expires_at" ON "entra_consent_requests" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "configurations_passwatch_app_tenant" ON "configurations" USING btree ("azure_directory_id") WHERE "configurations"."connection_method" = 'passwatch_app';--> statement-breakpoint
CREATE UNIQUE INDEX "email_sends_reminder_threshold_key" ON "email_sends" USING btree ("tenant_id","graph_user_id","expiry_date","threshold") WHERE "email_sends"."kind" = 'reminder';--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_reminder_threshold_check" CHECK ("email_sends"."kind" <> 'reminder' or "email_sends"."threshold" is not null);