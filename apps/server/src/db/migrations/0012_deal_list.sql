-- GET /api/deals (issue 13, ADR 0046): every sort's order (nulls last, id breaking ties) in both
-- directions, walked forwards for the first half of the pages and backwards from the far end for
-- the rest; the default sort narrowed by one deal type; and the number of deals kept by the
-- statement triggers of migration 0003, so the unfiltered list's total counts no rows.
CREATE INDEX "deals_effective_date_desc_idx" ON "deals" USING btree ("effective_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_effective_date_asc_idx" ON "deals" USING btree ("effective_date","id");--> statement-breakpoint
CREATE INDEX "deals_rent_pa_desc_idx" ON "deals" USING btree ("rent_pa" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_rent_pa_asc_idx" ON "deals" USING btree ("rent_pa","id");--> statement-breakpoint
CREATE INDEX "deals_rent_sqft_desc_idx" ON "deals" USING btree ("rent_sqft" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_rent_sqft_asc_idx" ON "deals" USING btree ("rent_sqft","id");--> statement-breakpoint
CREATE INDEX "deals_sale_price_desc_idx" ON "deals" USING btree ("sale_price" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "deals_sale_price_asc_idx" ON "deals" USING btree ("sale_price","id");--> statement-breakpoint
CREATE INDEX "deals_type_effective_idx" ON "deals" USING btree ("deal_type","effective_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "n") SELECT 'deals', count(*) FROM "deals"
ON CONFLICT ("table_name") DO UPDATE SET "n" = excluded."n";--> statement-breakpoint
CREATE TRIGGER "deals_count_insert" AFTER INSERT ON "deals" REFERENCING NEW TABLE AS inserted
FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_add"();--> statement-breakpoint
CREATE TRIGGER "deals_count_delete" AFTER DELETE ON "deals" REFERENCING OLD TABLE AS deleted
FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_add"();--> statement-breakpoint
CREATE TRIGGER "deals_count_truncate" AFTER TRUNCATE ON "deals"
FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_reset"();
