-- An import resolves each batch's company names by their match key (ADR 0094): the query's
-- where clause is this same expression (companyNameKey in db/schema/companies.ts), = any(keys),
-- so an index scan per key replaces a scan of companies per batch.
CREATE INDEX "companies_name_key_idx" ON "companies" USING btree (regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(lower("name"), '&', ' and ', 'g'), '[^a-z0-9]+', ' ', 'g'), '\mpublic limited company\M', 'plc', 'g'), '\mlimited\M', 'ltd', 'g'), '^\s*the\s+|\s+', '', 'g'));
