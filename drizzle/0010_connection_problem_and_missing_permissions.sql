ALTER TABLE "configurations" ADD COLUMN "connection_problem" text;--> statement-breakpoint
ALTER TABLE "configurations" ADD COLUMN "missing_permissions" text[] DEFAULT '{}'::text[] NOT NULL;