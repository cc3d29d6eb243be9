CREATE TABLE "ad_domains" (
	"tenant_id" uuid NOT NULL,
	"domain_sid" text NOT NULL,
	"connector_id" uuid NOT NULL,
	"dns_name" text NOT NULL,
	"current_snapshot_id" uuid NOT NULL,
	"snapshot_taken_at" timestamp with time zone NOT NULL,
	"committed_at" timestamp with time zone NOT NULL,
	"users_read" integer NOT NULL,
	"matched" integer NOT NULL,
	"unmatched_ad_users" integer NOT NULL,
	"unmatched_graph_users" integer NOT NULL,
	"silence_alerted_snapshot_id" uuid,
	CONSTRAINT "ad_domains_tenant_id_domain_sid_pk" PRIMARY KEY("tenant_id","domain_sid")
);
--> statement-breakpoint
CREATE TABLE "ad_snapshot_batches" (
	"tenant_id" uuid NOT NULL,
	"snapshot_id" uuid NOT NULL,
	"batch_index" integer NOT NULL,
	"user_count" integer NOT NULL,
	"content_hash" text NOT NULL,
	CONSTRAINT "ad_snapshot_batches_tenant_id_snapshot_id_batch_index_pk" PRIMARY KEY("tenant_id","snapshot_id","batch_index")
);
--> statement-breakpoint
CREATE TABLE "ad_snapshots" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"connector_id" uuid NOT NULL,
	"domain_sid" text NOT NULL,
	"dns_name" text NOT NULL,
	"netbios_name" text,
	"max_pwd_age" bigint NOT NULL,
	"password_settings_objects" jsonb NOT NULL,
	"connector_version" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"user_count" integer NOT NULL,
	"batch_count" integer NOT NULL,
	"begun_at" timestamp with time zone NOT NULL,
	"committed_at" timestamp with time zone,
	"result" jsonb,
	CONSTRAINT "ad_snapshots_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "ad_users" (
	"tenant_id" uuid NOT NULL,
	"snapshot_id" uuid NOT NULL,
	"batch_index" integer NOT NULL,
	"object_sid" text NOT NULL,
	"object_guid" text NOT NULL,
	"user_principal_name" text,
	"sam_account_name" text NOT NULL,
	"mail" text,
	"pwd_last_set" bigint NOT NULL,
	"user_account_control" bigint NOT NULL,
	"password_expiry_time_computed" bigint NOT NULL,
	"resultant_pso" text,
	"account_expires" bigint NOT NULL,
	CONSTRAINT "ad_users_tenant_id_snapshot_id_object_sid_pk" PRIMARY KEY("tenant_id","snapshot_id","object_sid")
);
--> statement-breakpoint
CREATE TABLE "on_premises_connectors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_hint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by_user_id" uuid,
	"revoked_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "on_premises_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"stale_after_hours" integer NOT NULL,
	"declared_policy" jsonb,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "synced_directory_users" (
	"tenant_id" uuid NOT NULL,
	"graph_user_id" text NOT NULL,
	"security_identifier" text,
	"immutable_id" text,
	"user_principal_name" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "synced_directory_users_tenant_id_graph_user_id_pk" PRIMARY KEY("tenant_id","graph_user_id")
);
--> statement-breakpoint
ALTER TABLE "password_expirations" ADD COLUMN "expiry_source" text;--> statement-breakpoint
ALTER TABLE "ad_domains" ADD CONSTRAINT "ad_domains_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_domains" ADD CONSTRAINT "ad_domains_connector_id_on_premises_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."on_premises_connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_snapshots" ADD CONSTRAINT "ad_snapshots_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_snapshots" ADD CONSTRAINT "ad_snapshots_connector_id_on_premises_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."on_premises_connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_premises_connectors" ADD CONSTRAINT "on_premises_connectors_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_premises_connectors" ADD CONSTRAINT "on_premises_connectors_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_premises_settings" ADD CONSTRAINT "on_premises_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_premises_settings" ADD CONSTRAINT "on_premises_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "synced_directory_users" ADD CONSTRAINT "synced_directory_users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_snapshots_begun_idx" ON "ad_snapshots" USING btree ("begun_at");--> statement-breakpoint
CREATE INDEX "ad_users_batch_idx" ON "ad_users" USING btree ("tenant_id","snapshot_id","batch_index");--> statement-breakpoint
CREATE UNIQUE INDEX "on_premises_connectors_key_hash_key" ON "on_premises_connectors" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "on_premises_connectors_tenant_idx" ON "on_premises_connectors" USING btree ("tenant_id");