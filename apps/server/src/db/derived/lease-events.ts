import { derived, fn, trigger } from './define';

/** The property columns the events are worked out from (break_party and break_kind move no date). */
const SOURCE_COLUMNS = [
  'tenant_id',
  'address_id',
  'archived_at',
  'lease_start_date',
  'lease_end_date',
  'next_review_date',
  'break_date',
  'break_notice_months',
  'review_interval_years',
  'security_of_tenure',
] as const;

/**
 * The events every let, live unit's lease gives (ADR 0087), as rows (property_id, type, seq, date,
 * hard, and the unit's town — lower(city), as match_units has it — for the work list's busiest
 * filter) of the properties `where` selects. Months are PostgreSQL's interval arithmetic: the
 * corresponding date, or the month's last day when it has none (31 Aug − 6 months = 28/29 Feb).
 * Inside the 1954 Act unless contracted out: an unknown tenure is treated as protected (the
 * statute's default), since a missed s25 window costs more than a needless prompt. The re-gear
 * prompt's months are the one row of lease_event_settings (24 when it is missing).
 */
const wanted = (where: string) => `
    SELECT v.property_id, v.type, v.seq, v.date, v.hard, v.town
    FROM properties p
    LEFT JOIN addresses ad ON ad.id = p.address_id
    CROSS JOIN LATERAL (
      SELECT p.id AS property_id, x.type, x.seq::smallint AS seq, x.date, x.hard, lower(ad.city) AS town
      FROM (
        SELECT 'lease_expiry' AS type, 0 AS seq, p.lease_end_date AS date, true AS hard
        WHERE p.lease_end_date IS NOT NULL
        UNION ALL
        SELECT 'break_date', 0, p.break_date, true
        WHERE p.break_date IS NOT NULL AND (p.lease_end_date IS NULL OR p.break_date <= p.lease_end_date)
        UNION ALL
        SELECT 'break_notice_deadline', 0, (p.break_date - make_interval(months => p.break_notice_months))::date, true
        WHERE p.break_date IS NOT NULL AND p.break_notice_months IS NOT NULL
          AND (p.lease_end_date IS NULL OR p.break_date <= p.lease_end_date)
        UNION ALL
        SELECT s.type, 0, (p.lease_end_date - make_interval(months => s.months))::date, true
        FROM (VALUES ('s25_window_opens', 12), ('s25_window_closes', 6), ('s26_window_opens', 12),
                     ('s26_window_closes', 6), ('s27_deadline', 3)) AS s(type, months)
        WHERE p.lease_end_date IS NOT NULL AND p.security_of_tenure IS DISTINCT FROM 'contracted_out'
        UNION ALL
        SELECT 'rent_review', r.k, r.date, false
        FROM (
          SELECT k, (coalesce(p.next_review_date, p.lease_start_date)
                     + make_interval(years => coalesce(p.review_interval_years, 0)
                                              * (k + CASE WHEN p.next_review_date IS NULL THEN 1 ELSE 0 END)))::date AS date
          -- No more than can fall before the end (days / 365 is at least the whole years), at most 100; 25 without an end.
          FROM generate_series(0, CASE WHEN p.review_interval_years IS NULL THEN 0
                                       WHEN p.lease_end_date IS NULL THEN 24
                                       ELSE least(99, greatest(0, (p.lease_end_date - coalesce(p.next_review_date, p.lease_start_date)) / 365
                                                                  / p.review_interval_years)) END) AS k
          WHERE p.next_review_date IS NOT NULL OR (p.lease_start_date IS NOT NULL AND p.review_interval_years IS NOT NULL)
        ) r
        WHERE (p.lease_end_date IS NULL AND r.k < 25) OR r.date < p.lease_end_date
        UNION ALL
        SELECT 'regear_prompt', 0,
          (p.lease_end_date - make_interval(months => coalesce((SELECT regear_prompt_months FROM lease_event_settings), 24)))::date,
          false
        WHERE p.lease_end_date IS NOT NULL
        UNION ALL
        SELECT 'holding_over', 0, p.lease_end_date + 1, false
        WHERE p.lease_end_date IS NOT NULL
      ) x
    ) v
    WHERE p.tenant_id IS NOT NULL AND p.archived_at IS NULL${where}`;

/**
 * The statement that makes lease_events hold what `wanted` gives for the units in scope, writing
 * only the differences — vanished rows deleted, moved ones updated, new ones inserted — and the
 * same differences to lease_event_log: a removal stamps removed_at; a change, or a return, moves
 * the date and adds one to sequence (and a return starts known_since again). The sub-statements
 * see the tables as they were before it.
 */
const diff = (unitsWhere: string, scope: (alias: string) => string) => `
  WITH want AS (${wanted(unitsWhere)}
  ),
  gone AS (
    DELETE FROM lease_events e
    WHERE ${scope('e')}
      AND NOT EXISTS (SELECT 1 FROM want w WHERE w.property_id = e.property_id AND w.type = e.type AND w.seq = e.seq)
    RETURNING e.property_id, e.type, e.seq
  ),
  changed AS (
    -- o is the row as it was (the statement's snapshot): only a new date or hardness is a change
    -- the log records; a new town alone (the unit's address) is not.
    UPDATE lease_events e SET date = w.date, hard = w.hard, town = w.town
    FROM want w JOIN lease_events o ON o.property_id = w.property_id AND o.type = w.type AND o.seq = w.seq
    WHERE ${scope('e')} AND e.property_id = o.property_id AND e.type = o.type AND e.seq = o.seq
      AND (w.date, w.hard, w.town) IS DISTINCT FROM (o.date, o.hard, o.town)
    RETURNING e.property_id, e.type, e.seq, e.date, e.hard, (w.date, w.hard) IS DISTINCT FROM (o.date, o.hard) AS moved
  ),
  moved AS (SELECT property_id, type, seq, date, hard FROM changed WHERE moved),
  added AS (
    INSERT INTO lease_events (property_id, type, seq, date, hard, town)
    SELECT w.property_id, w.type, w.seq, w.date, w.hard, w.town FROM want w
    WHERE NOT EXISTS (SELECT 1 FROM lease_events e
      WHERE ${scope('e')} AND e.property_id = w.property_id AND e.type = w.type AND e.seq = w.seq)
    RETURNING property_id, type, seq, date, hard
  ),
  removed AS (
    UPDATE lease_event_log l SET removed_at = now(), changed_at = now()
    FROM gone g
    WHERE ${scope('l')} AND l.property_id = g.property_id AND l.type = g.type AND l.seq = g.seq AND l.removed_at IS NULL
    RETURNING 1
  )
  INSERT INTO lease_event_log AS l (property_id, type, seq, date, hard, sequence, changed_at)
  SELECT c.property_id, c.type, c.seq, c.date, c.hard, 0, now()
  FROM (SELECT * FROM moved UNION ALL SELECT * FROM added) c
  ON CONFLICT (property_id, type, seq) DO UPDATE SET
    date = EXCLUDED.date, hard = EXCLUDED.hard, sequence = l.sequence + 1, changed_at = now(), removed_at = NULL,
    known_since = CASE WHEN l.removed_at IS NOT NULL THEN now() ELSE l.known_since END`;

/**
 * The lease events of every let, live unit (ADR 0087): the expiry, the break and its notice
 * deadline, the 1954 Act's s25/s26/s27 dates, the rent reviews, the re-gear prompt and holding
 * over — worked out by SQL from the unit's lease terms, kept by triggers in the writing
 * transaction. Its rows go with their property (ON DELETE CASCADE). Each refresh also writes its
 * differences to lease_event_log (not derived: a history the calendar feed and the reminders
 * read), so its content here includes the log: a rebuild that finds nothing to change leaves it
 * as it was.
 */
export const leaseEvents = derived({
  name: 'lease_events',
  kind: 'table',
  what: "Every let, live unit's lease events (expiry, break, notice deadline, s25/s26/s27, rent reviews, re-gear prompt, holding over) by date, hard or soft.",
  sources: {
    properties: [...SOURCE_COLUMNS],
    addresses: ['city'],
    lease_event_settings: ['regear_prompt_months'],
  },
  functions: [
    // SQL, not plpgsql: planned at each call for its unit (a plan kept for the session would be
    // the one made while the table was small — scans that grow with it).
    fn({
      name: 'lease_events_refresh',
      args: 'ids integer[]',
      returns: 'void',
      language: 'sql',
      body: `${diff(
        `
      AND p.id = ANY(ids)`,
        (alias) => `${alias}.property_id = ANY(ids)`,
      )};`,
    }),
    fn({
      name: 'lease_events_on_address',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  PERFORM lease_events_refresh(ARRAY(SELECT id FROM properties WHERE address_id = NEW.id));
  RETURN NULL;
END`,
    }),
    // A statement's new let, live units at once (ADR 0103): one refresh instead of one per row.
    fn({
      name: 'lease_events_on_property_rows',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
DECLARE
  ids integer[] := ARRAY(SELECT id FROM new_rows WHERE tenant_id IS NOT NULL AND archived_at IS NULL ORDER BY id);
BEGIN
  IF cardinality(ids) > 0 THEN
    PERFORM lease_events_refresh(ids);
  END IF;
  RETURN NULL;
END`,
    }),
    fn({
      name: 'lease_events_on_property',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  PERFORM lease_events_refresh(ARRAY[NEW.id]);
  RETURN NULL;
END`,
    }),
    // Every unit again, by the same difference: after a rebuild that finds the table right, the
    // log has not moved.
    fn({
      name: 'lease_events_rebuild',
      returns: 'void',
      language: 'plpgsql',
      body: `
BEGIN${diff('', () => 'true')};
END`,
    }),
    fn({
      name: 'lease_events_on_settings',
      returns: 'trigger',
      language: 'plpgsql',
      body: `
BEGIN
  PERFORM lease_events_rebuild();
  RETURN NULL;
END`,
    }),
  ],
  triggers: [
    // A vacant or archived unit has none; the statement's others are refreshed at once.
    trigger({
      name: 'lease_events_on_property_insert',
      table: 'properties',
      timing: 'AFTER',
      events: ['INSERT'],
      forEach: 'STATEMENT',
      newTable: 'new_rows',
      function: 'lease_events_on_property_rows',
    }),
    trigger({
      name: 'lease_events_on_property',
      table: 'properties',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: [...SOURCE_COLUMNS],
      forEach: 'ROW',
      when: SOURCE_COLUMNS.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR '),
      function: 'lease_events_on_property',
    }),
    // The town of each event of the units at this address.
    trigger({
      name: 'lease_events_on_address',
      table: 'addresses',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['city'],
      forEach: 'ROW',
      when: 'OLD.city IS DISTINCT FROM NEW.city',
      function: 'lease_events_on_address',
    }),
    // The server writes REGEAR_PROMPT_MONTHS here at start-up (only when it differs); any change
    // of the row moves every prompt (no row: 24 months).
    trigger({
      name: 'lease_events_on_settings',
      table: 'lease_event_settings',
      timing: 'AFTER',
      events: ['INSERT', 'DELETE'],
      forEach: 'ROW',
      function: 'lease_events_on_settings',
    }),
    trigger({
      name: 'lease_events_on_settings_update',
      table: 'lease_event_settings',
      timing: 'AFTER',
      events: ['UPDATE'],
      columns: ['regear_prompt_months'],
      forEach: 'ROW',
      when: 'OLD.regear_prompt_months IS DISTINCT FROM NEW.regear_prompt_months',
      function: 'lease_events_on_settings',
    }),
    trigger({
      name: 'lease_events_on_settings_truncate',
      table: 'lease_event_settings',
      timing: 'AFTER',
      events: ['TRUNCATE'],
      forEach: 'STATEMENT',
      function: 'lease_events_on_settings',
    }),
  ],
  rebuild: 'lease_events_rebuild',
  content: `SELECT r FROM (
    SELECT 'event ' || x::text AS r FROM lease_events x
    UNION ALL
    SELECT concat_ws(' ', 'log', l.property_id, l.type, l.seq, l.date, l.hard, l.sequence, l.removed_at IS NULL) FROM lease_event_log l
  ) c ORDER BY 1`,
  readers: [
    'modules/lease-events/lease-events.repository.ts: GET /api/lease-events, POST /api/lease-events/{id}/done|dismiss, DELETE /api/lease-events/{id}/action',
    'modules/lease-events/lease-events.export.repository.ts: GET /api/lease-events/export',
    'modules/lease-events/calendar-feed.repository.ts: GET /api/calendar/{token}.ics (with lease_event_log)',
  ],
  adrs: ['0087'],
  migrations: ['0030', '0033', '0036', '0042'],
});
