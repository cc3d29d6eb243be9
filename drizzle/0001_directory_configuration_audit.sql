CREATE TABLE "audit_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "configurations" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"entra_tenant_id" text NOT NULL,
	"azure_directory_id" text NOT NULL,
	"application_id" text NOT NULL,
	"client_secret_encrypted" text,
	"client_secret_updated_at" timestamp with time zone,
	"from_email" text NOT NULL,
	"email_template" text NOT NULL,
	"check_time" text NOT NULL,
	"time_zone" text NOT NULL,
	"days_before_expiration" integer NOT NULL,
	"weekend_processing" text NOT NULL,
	"automation_enabled" boolean NOT NULL,
	"include_groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"exclude_groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"password_validity_days" integer NOT NULL,
	"connection_status" text DEFAULT 'unknown' NOT NULL,
	"connection_message" text,
	"connection_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" uuid
);
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_logs_tenant_created_idx" ON "audit_logs" USING btree ("tenant_id","created_at" DESC NULLS LAST);