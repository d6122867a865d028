-- Nothing to do (issue 11): the tables the triggers keep (property_words, company_words,
-- contact_words, row_counts, property_order_marks) are now declared in the Drizzle schema
-- (src/db/schema/derived.ts). Migrations 0002, 0003, 0005 and 0006 created them; this migration
-- only brings drizzle-kit's snapshot up to the schema, so `npm run db:generate` stays a no-op.
-- test/derived-schema.test.ts checks that the declarations match the tables.
SELECT 1;
