-- Custom migration (drizzle-kit generate --custom): drizzle's schema cannot say triggers, so
-- this file is written by hand and must be kept when migrations are regenerated.
--
-- The performance view's totals per rep and stage (sales_rep_totals) are computed again from
-- the calls when stale. These triggers mark a rep and stage stale whenever something a total
-- rests on changes, in the same transaction as the change: a sales call (kind 'meeting',
-- processed, in a sales stage) added, removed, or moved in or out of that by its owner, stage,
-- kind or status; a call's signals; a call's insights (their scores).
-- plpgsql throughout: it keeps each statement's plan, where an SQL function plans it per row.
CREATE FUNCTION sales_mark_stale(org uuid, owner uuid, st meeting_stage) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Skipped while the organisation itself is being deleted (its rows go with it).
  INSERT INTO sales_stale_totals (organization_id, owner_id, stage)
  SELECT org, owner, st WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = org)
  ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
CREATE FUNCTION sales_mark_meeting() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.kind = 'meeting' AND OLD.inference_status = 'processed'
     AND OLD.stage <> 'basic_meeting' THEN
    IF TG_OP = 'DELETE' OR OLD.owner_id IS DISTINCT FROM NEW.owner_id
       OR OLD.stage IS DISTINCT FROM NEW.stage OR OLD.kind IS DISTINCT FROM NEW.kind
       OR OLD.inference_status IS DISTINCT FROM NEW.inference_status
       OR OLD.organization_id IS DISTINCT FROM NEW.organization_id THEN
      PERFORM sales_mark_stale(OLD.organization_id, OLD.owner_id, OLD.stage);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.kind = 'meeting' AND NEW.inference_status = 'processed'
     AND NEW.stage <> 'basic_meeting' THEN
    IF TG_OP = 'INSERT' OR OLD.owner_id IS DISTINCT FROM NEW.owner_id
       OR OLD.stage IS DISTINCT FROM NEW.stage OR OLD.kind IS DISTINCT FROM NEW.kind
       OR OLD.inference_status IS DISTINCT FROM NEW.inference_status
       OR OLD.organization_id IS DISTINCT FROM NEW.organization_id THEN
      PERFORM sales_mark_stale(NEW.organization_id, NEW.owner_id, NEW.stage);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_mark_meeting
AFTER INSERT OR DELETE OR UPDATE OF organization_id, owner_id, stage, kind, inference_status
ON meetings FOR EACH ROW EXECUTE FUNCTION sales_mark_meeting();
--> statement-breakpoint
-- A row of a call (its signals, an insight) changed: the call's rep and stage, if it counts.
CREATE FUNCTION sales_mark_call() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  call_id uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.meeting_id ELSE NEW.meeting_id END;
  m record;
BEGIN
  -- By its key alone, and the rest tested here: the kept plan must not be a scan of the
  -- partial index on those columns (a whole organisation's calls, per row).
  SELECT organization_id, owner_id, stage, kind, inference_status INTO m FROM meetings
  WHERE id = call_id;
  IF FOUND AND m.kind = 'meeting' AND m.inference_status = 'processed'
     AND m.stage <> 'basic_meeting' THEN
    PERFORM sales_mark_stale(m.organization_id, m.owner_id, m.stage);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_mark_call_signals
AFTER INSERT OR DELETE OR UPDATE ON sales_call_signals
FOR EACH ROW EXECUTE FUNCTION sales_mark_call();
--> statement-breakpoint
CREATE TRIGGER sales_mark_call_insights
AFTER INSERT OR DELETE OR UPDATE OF result, prompt_name, meeting_id ON meeting_insights
FOR EACH ROW EXECUTE FUNCTION sales_mark_call();
--> statement-breakpoint
-- The calls there already: every rep and stage starts stale.
INSERT INTO sales_stale_totals (organization_id, owner_id, stage)
SELECT DISTINCT organization_id, owner_id, stage FROM meetings
WHERE kind = 'meeting' AND inference_status = 'processed' AND stage <> 'basic_meeting';
