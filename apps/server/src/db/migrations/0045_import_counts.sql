ALTER TABLE "imports" ADD COLUMN "counts" jsonb;--> statement-breakpoint
-- Imports already past validation get their counts once, as the presenter counted them.
UPDATE "imports" i SET "counts" = (
  SELECT jsonb_build_object(
    'create', count(*) FILTER (WHERE r.outcome = 'create'),
    'update', count(*) FILTER (WHERE r.outcome = 'update'),
    'skip', count(*) FILTER (WHERE r.outcome = 'skip'),
    'error', count(*) FILTER (WHERE r.outcome = 'error'),
    'groups', count(DISTINCT r.dup_group))
  FROM "import_rows" r WHERE r.import_id = i.id)
WHERE i.status <> 'validating';
