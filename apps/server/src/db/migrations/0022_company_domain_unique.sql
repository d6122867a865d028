-- One company per e-mail domain (issue 26 defect 6, ADR 0072). First every stored domain is
-- normalised as the app's normaliseDomain does (trim, lower case, no scheme, no leading "@", no
-- "www.", no path); an empty one becomes null.
UPDATE "companies" SET "domain" = n.domain
FROM (
	SELECT "id", nullif(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
		lower(btrim("domain")), '^[a-z]+://', ''), '^@', ''), '^www\.', ''), '[/?#].*$', ''), '') AS domain
	FROM "companies" WHERE "domain" IS NOT NULL
) n
WHERE "companies"."id" = n."id" AND "companies"."domain" IS DISTINCT FROM n.domain;
--> statement-breakpoint
-- Then, where several companies hold one domain, one keeps it and the others' is cleared: the
-- company with the most people whose e-mail is at that domain (the real owner, not a company that
-- took another's domain), then a verified one, then the oldest.
UPDATE "companies" SET "domain" = NULL
WHERE "id" IN (
	SELECT "id" FROM (
		SELECT c."id", row_number() OVER (
			PARTITION BY c."domain"
			ORDER BY (
				SELECT count(*) FROM "users" u
				WHERE u."company_id" = c."id" AND lower(split_part(u."email", '@', 2)) = c."domain"
			) DESC, c."is_verified" DESC, c."id"
		) AS rank
		FROM "companies" c
		WHERE c."domain" IN (SELECT "domain" FROM "companies" WHERE "domain" IS NOT NULL GROUP BY "domain" HAVING count(*) > 1)
	) ranked
	WHERE rank > 1
);
--> statement-breakpoint
DROP INDEX "companies_domain_lower_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "companies_domain_key" ON "companies" USING btree (regexp_replace(lower(btrim("domain")), '^www\.', ''));
