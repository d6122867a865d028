CREATE TABLE "lease_reminders_sent" (
	"property_id" integer NOT NULL,
	"type" text NOT NULL,
	"seq" smallint NOT NULL,
	"event_date" date NOT NULL,
	"offset_days" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminder_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "reminder_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"scopes" text[] NOT NULL,
	"hard" boolean NOT NULL,
	"soft" boolean NOT NULL,
	"hard_offsets" integer[] NOT NULL,
	"soft_offsets" integer[] NOT NULL,
	"email" boolean NOT NULL,
	"email_unsubscribed_at" timestamp with time zone,
	"unsubscribe_token" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_preferences_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
ALTER TABLE "lease_reminders_sent" ADD CONSTRAINT "lease_reminders_sent_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lease_reminders_sent" ADD CONSTRAINT "lease_reminders_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_emails" ADD CONSTRAINT "reminder_emails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_preferences" ADD CONSTRAINT "reminder_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lease_reminders_sent_key" ON "lease_reminders_sent" USING btree ("property_id","type","seq","event_date","offset_days","user_id");--> statement-breakpoint
CREATE INDEX "lease_reminders_sent_user_idx" ON "lease_reminders_sent" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "reminder_emails_unsent_idx" ON "reminder_emails" USING btree ("id") WHERE "reminder_emails"."sent_at" is null;