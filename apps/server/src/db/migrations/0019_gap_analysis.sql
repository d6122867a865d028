-- Gap Analysis (issue 16 §3, ADR 0058): a retailer's peers' distinct towns and schemes are read
-- per peer from this index alone (an index-only scan; the plain tenant index needs a heap visit
-- per unit), so the ranking never loads the peers' units.
CREATE INDEX "match_units_tenant_place_idx" ON "match_units" USING btree ("tenant_id","town","scheme_id");
