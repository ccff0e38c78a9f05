CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"tenant_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"tag" text,
	"storage_key" text NOT NULL,
	"max_bytes" bigint NOT NULL,
	"size" bigint,
	"protocol" text DEFAULT 'put' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"video_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"video_id" uuid NOT NULL,
	"publisher_user_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" text NOT NULL,
	"owner_user_id" integer NOT NULL,
	"title" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"failure_reason" text,
	"progress" integer DEFAULT 0 NOT NULL,
	"source_key" text NOT NULL,
	"source_name" text,
	"source_size" bigint,
	"source_content_type" text,
	"duration_sec" double precision,
	"width" integer,
	"height" integer,
	"renditions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"poster_key" text,
	"storyboard" jsonb,
	"highlights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"heartbeat_at" timestamp with time zone,
	"job_id" uuid,
	"attempt_id" text,
	"playable_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_messages" ADD CONSTRAINT "video_messages_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_messages" ADD CONSTRAINT "video_messages_publisher_user_id_users_id_fk" FOREIGN KEY ("publisher_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user" ON "uploads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_storage_key" ON "uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "uploads_expires" ON "uploads" USING btree ("expires_at") WHERE "uploads"."completed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "video_messages_video" ON "video_messages" USING btree ("video_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_owner_created" ON "videos" USING btree ("owner_user_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_tenant_status" ON "videos" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "videos_processing_heartbeat" ON "videos" USING btree ("heartbeat_at") WHERE "videos"."status" = 'processing';