CREATE TABLE "staff_login_guards" (
	"subject" text NOT NULL,
	"network" text NOT NULL,
	"attempts" integer NOT NULL,
	"locked_until" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_login_guards_subject_network_pk" PRIMARY KEY("subject","network")
);
--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP COLUMN "locked_until";