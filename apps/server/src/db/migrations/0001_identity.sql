CREATE TABLE "identity_backup_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_one_time_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" integer,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "identity_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "identity_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"email" text,
	"username" text,
	"name" text,
	"image" text,
	"phone_number" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"password_hash" text,
	"is_email_confirmed" boolean DEFAULT false NOT NULL,
	"confirmed_email_at" timestamp with time zone,
	"is_phone_number_confirmed" boolean DEFAULT false NOT NULL,
	"confirmed_phone_number_at" timestamp with time zone,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"totp_last_step" integer,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identity_users_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "login_redirect_path" text DEFAULT '/' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "require_pkce" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_backup_codes" ADD CONSTRAINT "identity_backup_codes_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_keys" ADD CONSTRAINT "identity_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_one_time_tokens" ADD CONSTRAINT "identity_one_time_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_one_time_tokens" ADD CONSTRAINT "identity_one_time_tokens_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_refresh_tokens" ADD CONSTRAINT "identity_refresh_tokens_session_id_identity_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."identity_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_sessions" ADD CONSTRAINT "identity_sessions_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_users" ADD CONSTRAINT "identity_users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_backup_codes_user" ON "identity_backup_codes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "identity_keys_tenant" ON "identity_keys" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "identity_one_time_tokens_lookup" ON "identity_one_time_tokens" USING btree ("tenant_id","purpose","token_hash");--> statement-breakpoint
CREATE INDEX "identity_refresh_tokens_session" ON "identity_refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "identity_sessions_user" ON "identity_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_tenant_email" ON "identity_users" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_users_tenant_username" ON "identity_users" USING btree ("tenant_id",lower("username"));