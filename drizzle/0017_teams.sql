CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by_user_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_user_id" uuid,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "invitations_role_check" CHECK ("invitations"."role" in ('owner', 'admin', 'helpdesk', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ALTER COLUMN "security_alerts" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_user_id_users_id_fk" FOREIGN KEY ("invited_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_user_id_users_id_fk" FOREIGN KEY ("accepted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invitations_tenant_id_idx" ON "invitations" USING btree ("tenant_id");
--> statement-breakpoint
-- hand-written
-- The former `member` role could change the configuration and billing: it becomes `admin` (docs/product.md §Teams and roles).
UPDATE "memberships" SET "role" = 'admin' WHERE "role" = 'member';--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_role_check" CHECK ("memberships"."role" in ('owner', 'admin', 'helpdesk', 'viewer'));--> statement-breakpoint
-- An organization always keeps an owner. The organization's row is locked first, so two changes of
-- its owners run one after the other and the second sees the first: two owners demoting each other
-- at once cannot both succeed. An organization being deleted (its row already gone) needs none.
CREATE FUNCTION "memberships_keep_an_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.role <> 'owner' OR (TG_OP = 'UPDATE' AND NEW.role = 'owner' AND NEW.tenant_id = OLD.tenant_id) THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM tenants WHERE id = OLD.tenant_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM memberships WHERE tenant_id = OLD.tenant_id AND role = 'owner') THEN
    RAISE EXCEPTION 'organization % would have no owner', OLD.tenant_id USING ERRCODE = 'check_violation', CONSTRAINT = 'memberships_keep_an_owner';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "memberships_keep_an_owner" AFTER UPDATE OR DELETE ON "memberships" FOR EACH ROW EXECUTE FUNCTION "memberships_keep_an_owner"();
