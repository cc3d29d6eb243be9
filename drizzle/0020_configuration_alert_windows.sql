CREATE TABLE "configuration_alert_windows" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"changes" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "configuration_alert_windows" ADD CONSTRAINT "configuration_alert_windows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "configuration_alert_windows_opened_at_idx" ON "configuration_alert_windows" USING btree ("opened_at");--> statement-breakpoint
-- hand-written
-- Configuration alerts the previous release queued carry their changes as one text (saves joined
-- with '; ', people with ', '): they become one line of the new alert, saying what the text said.
UPDATE "account_mail_outbox" SET "payload" = jsonb_build_object(
  'type', 'configuration_changed',
  'organization', "payload" ->> 'organization',
  'from', to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'),
  'to', to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"'),
  'collectedFor', '15 minutes',
  'lines', jsonb_build_array(jsonb_build_object(
    'what', 'configuration',
    'change', coalesce("payload" ->> 'changes', 'created'),
    'by', to_jsonb(string_to_array("payload" ->> 'actor', ', ')),
    'saves', coalesce(array_length(string_to_array("payload" ->> 'changes', '; '), 1), 1),
    'lastAt', to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI "UTC"')
  ))
)
WHERE "state" IN ('queued', 'sending') AND "payload" ->> 'type' = 'configuration_changed' AND "payload" -> 'lines' IS NULL;
