CREATE TABLE "import_rows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"parsed" jsonb,
	"outcome" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"match_keys" text[],
	"dup_group" text,
	"target_id" integer,
	"record_id" integer,
	"before" jsonb,
	"after_stamp" timestamp with time zone,
	"done" timestamp with time zone,
	"reverted" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "import_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"name" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" text NOT NULL,
	"status" text NOT NULL,
	"file_name" text NOT NULL,
	"headers" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"choices" jsonb,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"conflicts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"reverted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "field_history" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_templates" ADD CONSTRAINT "import_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_rows_line_key" ON "import_rows" USING btree ("import_id","line");--> statement-breakpoint
CREATE INDEX "import_rows_outcome_idx" ON "import_rows" USING btree ("import_id","outcome","line");--> statement-breakpoint
CREATE INDEX "import_rows_group_idx" ON "import_rows" USING btree ("import_id","dup_group") WHERE "import_rows"."dup_group" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "import_templates_name_key" ON "import_templates" USING btree ("entity","name");--> statement-breakpoint
CREATE INDEX "imports_created_idx" ON "imports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);