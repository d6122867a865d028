-- The typeahead reads company_words / contact_words (migration 0006, ADR 0030); no query uses
-- these any more, and each cost every company and contact write an index update.
DROP INDEX "companies_name_prefix_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "users_name_prefix_idx";--> statement-breakpoint
DROP INDEX "users_last_name_prefix_idx";--> statement-breakpoint
DROP INDEX "users_email_prefix_idx";