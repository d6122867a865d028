CREATE INDEX "companies_name_prefix_idx" ON "companies" USING btree (lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") collate "C","id");--> statement-breakpoint
CREATE INDEX "users_last_name_prefix_idx" ON "users" USING btree (lower(regexp_replace("name", '^.*[[:space:]]', '')) collate "C","id");--> statement-breakpoint
CREATE INDEX "users_email_prefix_idx" ON "users" USING btree (lower("email") collate "C","id");