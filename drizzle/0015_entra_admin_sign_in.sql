ALTER TABLE "entra_consent_requests" ADD COLUMN "step" text DEFAULT 'sign_in' NOT NULL;--> statement-breakpoint
ALTER TABLE "entra_consent_requests" ADD COLUMN "sign_in_authority" text;--> statement-breakpoint
ALTER TABLE "entra_consent_requests" ADD COLUMN "nonce" text;--> statement-breakpoint
ALTER TABLE "entra_consent_requests" ADD COLUMN "code_verifier" text;--> statement-breakpoint
ALTER TABLE "entra_consent_requests" ADD COLUMN "proven_tenant_id" text;--> statement-breakpoint
ALTER TABLE "entra_consent_requests" ADD COLUMN "proven_admin_object_id" text;--> statement-breakpoint
ALTER TABLE "entra_consent_requests" ADD COLUMN "proven_admin_username" text;--> statement-breakpoint
ALTER TABLE "entra_consent_requests" ADD COLUMN "proven_admin_role" text;-- hand-written
-- Requests started before the admin sign-in existed carry no sign-in step: they could never finish.
DELETE FROM "entra_consent_requests";
