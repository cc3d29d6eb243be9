CREATE TABLE "synced_directory_digests" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"digest" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "synced_directory_digests" ADD CONSTRAINT "synced_directory_digests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;