import { derived, fn, trigger } from './define';

/**
 * The enquiries per stage (ADR 0050), kept by statement triggers, so the board's column totals (a
 * stage filter alone) are read, not counted. A stage's row may stay at zero.
 */
export const enquiryStageCounts = derived({
  name: 'enquiry_stage_counts',
  kind: 'table',
  what: 'The number of enquiries in each stage.',
  sources: { enquiries: ['stage'] },
  functions: [
    fn({
      name: 'enquiry_stage_counts_inserted',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  INSERT INTO enquiry_stage_counts (stage, n)
  SELECT k.stage, count(*) FROM inserted k GROUP BY k.stage ORDER BY k.stage
  ON CONFLICT (stage) DO UPDATE SET n = enquiry_stage_counts.n + excluded.n;
  RETURN NULL;
END`,
    }),
    fn({
      name: 'enquiry_stage_counts_deleted',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  UPDATE enquiry_stage_counts c SET n = c.n - d.n
  FROM (SELECT k.stage, count(*) AS n FROM deleted k GROUP BY k.stage) d WHERE c.stage = d.stage;
  RETURN NULL;
END`,
    }),
    // Only rows whose stage changed move between counts (in stage order: concurrent moves lock alike).
    fn({
      name: 'enquiry_stage_counts_updated',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  INSERT INTO enquiry_stage_counts (stage, n)
  SELECT m.stage, sum(m.d) FROM (
    SELECT o.stage, -1 AS d FROM deleted o JOIN inserted i ON i.id = o.id WHERE i.stage IS DISTINCT FROM o.stage
    UNION ALL
    SELECT i.stage, 1 FROM deleted o JOIN inserted i ON i.id = o.id WHERE i.stage IS DISTINCT FROM o.stage
  ) m GROUP BY m.stage ORDER BY m.stage
  ON CONFLICT (stage) DO UPDATE SET n = enquiry_stage_counts.n + excluded.n;
  RETURN NULL;
END`,
    }),
    fn({
      name: 'enquiry_stage_counts_reset',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  DELETE FROM enquiry_stage_counts;
  RETURN NULL;
END`,
    }),
    fn({
      name: 'enquiry_stage_counts_rebuild',
      returns: 'void',
      language: 'sql',
      body: `
  DELETE FROM enquiry_stage_counts;
  INSERT INTO enquiry_stage_counts (stage, n)
  SELECT e.stage, count(*) FROM enquiries e GROUP BY e.stage ORDER BY e.stage;`,
    }),
  ],
  triggers: [
    trigger({
      name: 'enquiries_stage_count_insert',
      table: 'enquiries',
      timing: 'AFTER',
      events: ['INSERT'],
      forEach: 'STATEMENT',
      newTable: 'inserted',
      function: 'enquiry_stage_counts_inserted',
    }),
    trigger({
      name: 'enquiries_stage_count_delete',
      table: 'enquiries',
      timing: 'AFTER',
      events: ['DELETE'],
      forEach: 'STATEMENT',
      oldTable: 'deleted',
      function: 'enquiry_stage_counts_deleted',
    }),
    trigger({
      name: 'enquiries_stage_count_update',
      table: 'enquiries',
      timing: 'AFTER',
      events: ['UPDATE'],
      forEach: 'STATEMENT',
      oldTable: 'deleted',
      newTable: 'inserted',
      function: 'enquiry_stage_counts_updated',
    }),
    trigger({
      name: 'enquiries_stage_count_truncate',
      table: 'enquiries',
      timing: 'AFTER',
      events: ['TRUNCATE'],
      forEach: 'STATEMENT',
      function: 'enquiry_stage_counts_reset',
    }),
  ],
  rebuild: 'enquiry_stage_counts_rebuild',
  // A stage at zero is the same as no row.
  content: `SELECT stage || ' ' || n AS r FROM enquiry_stage_counts WHERE n <> 0 ORDER BY 1`,
  readers: [
    'modules/enquiries/enquiries-list.repository.ts: GET /api/enquiries (the total of a stage filter alone, the board)',
  ],
  adrs: ['0050'],
  migrations: ['0014', '0024'],
});
