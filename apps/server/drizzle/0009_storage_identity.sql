CREATE TABLE "storage_identity" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"storage_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storage_identity_one_row" CHECK ("storage_identity"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "task_claims" (
	"task" text PRIMARY KEY NOT NULL,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL
);
