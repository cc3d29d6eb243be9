-- hand-written
-- Every change to what the dashboard's kept reads read announces the organization on the channel
-- passwatch_tenant_data, so every instance drops the reads it kept of it
-- (docs/architecture.md §Reads kept between changes). The triggers are per statement with the
-- statement's rows as transition tables: a check writing 100,000 rows announces its organization
-- once, not 100,000 times. PostgreSQL delivers the notices when, and only if, the change commits,
-- and folds identical notices of one transaction into one. A change no organization can be named
-- for (a user's name, a TRUNCATE) announces '*': everything.
CREATE FUNCTION passwatch_announce_inserted_tenants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('passwatch_tenant_data', tenant::text) FROM (SELECT DISTINCT tenant_id AS tenant FROM new_rows WHERE tenant_id IS NOT NULL) AS changed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION passwatch_announce_deleted_tenants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('passwatch_tenant_data', tenant::text) FROM (SELECT DISTINCT tenant_id AS tenant FROM old_rows WHERE tenant_id IS NOT NULL) AS changed;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update can move a row from one organization to another: both are announced.
CREATE FUNCTION passwatch_announce_updated_tenants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('passwatch_tenant_data', tenant::text)
    FROM (SELECT tenant_id AS tenant FROM new_rows UNION SELECT tenant_id FROM old_rows) AS changed WHERE tenant IS NOT NULL;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION passwatch_announce_everything() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('passwatch_tenant_data', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The organizations themselves: their key is id, and one function serves every operation.
CREATE FUNCTION passwatch_announce_tenant_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('passwatch_tenant_data', id::text) FROM new_rows;
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('passwatch_tenant_data', id::text) FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER passwatch_announce_insert AFTER INSERT ON tenants REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION passwatch_announce_tenant_rows();
--> statement-breakpoint
CREATE TRIGGER passwatch_announce_update AFTER UPDATE ON tenants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION passwatch_announce_tenant_rows();
--> statement-breakpoint
CREATE TRIGGER passwatch_announce_delete AFTER DELETE ON tenants REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION passwatch_announce_tenant_rows();
--> statement-breakpoint
CREATE TRIGGER passwatch_announce_truncate AFTER TRUNCATE ON tenants FOR EACH STATEMENT EXECUTE FUNCTION passwatch_announce_everything();
--> statement-breakpoint
-- Users belong to no one organization; their names show in every organization's audit log.
CREATE TRIGGER passwatch_announce_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION passwatch_announce_everything();
--> statement-breakpoint
-- The tables with an organization's rows that the kept reads read, and only those: a notifying
-- commit takes PostgreSQL's notification queue lock, so the tables only background work writes
-- (leases, holds, snapshots of on-premises directories, ...) stay without. A kept read that comes
-- to read another table needs these triggers on it in a migration of its own (a test runs every
-- kept read's statements under EXPLAIN and checks each table they read has them).
DO $$
DECLARE
  tenant_table text;
BEGIN
  FOREACH tenant_table IN ARRAY ARRAY['password_expirations', 'email_sends', 'configurations', 'audit_logs', 'automation_runs', 'automation_schedules', 'billing_subscriptions']
  LOOP
    EXECUTE format('CREATE TRIGGER passwatch_announce_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION passwatch_announce_inserted_tenants()', tenant_table);
    EXECUTE format('CREATE TRIGGER passwatch_announce_update AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION passwatch_announce_updated_tenants()', tenant_table);
    EXECUTE format('CREATE TRIGGER passwatch_announce_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION passwatch_announce_deleted_tenants()', tenant_table);
    EXECUTE format('CREATE TRIGGER passwatch_announce_truncate AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION passwatch_announce_everything()', tenant_table);
  END LOOP;
END $$;
