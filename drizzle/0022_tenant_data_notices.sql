-- hand-written
-- Every change to an organization's data announces the organization on the channel
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
-- The organizations themselves (their key is id), through a view of the same shape.
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
-- Every table with an organization's rows. A table added later gets the same triggers in its own
-- migration (a test checks that every table with a tenant_id column has them).
DO $$
DECLARE
  tenant_table regclass;
BEGIN
  FOR tenant_table IN
    SELECT format('%I.%I', table_schema, table_name)::regclass FROM information_schema.columns
    WHERE table_schema = 'public' AND column_name = 'tenant_id'
      AND table_name IN (SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE')
  LOOP
    EXECUTE format('CREATE TRIGGER passwatch_announce_insert AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION passwatch_announce_inserted_tenants()', tenant_table);
    EXECUTE format('CREATE TRIGGER passwatch_announce_update AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION passwatch_announce_updated_tenants()', tenant_table);
    EXECUTE format('CREATE TRIGGER passwatch_announce_delete AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION passwatch_announce_deleted_tenants()', tenant_table);
    EXECUTE format('CREATE TRIGGER passwatch_announce_truncate AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION passwatch_announce_everything()', tenant_table);
  END LOOP;
END $$;
