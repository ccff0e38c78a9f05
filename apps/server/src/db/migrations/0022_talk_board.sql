-- A board message's replies are channel messages of kind 'reply': the kind check admits them, and
-- exactly the replies answer a message (parent_id).
ALTER TABLE "channel_messages" DROP CONSTRAINT "channel_messages_kind_check";
--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_kind_check" CHECK ("kind" IN ('comment', 'message', 'reply'));
--> statement-breakpoint
ALTER TABLE "channel_messages" ADD CONSTRAINT "channel_messages_reply_parent" CHECK (("kind" = 'reply') = ("parent_id" IS NOT NULL));
