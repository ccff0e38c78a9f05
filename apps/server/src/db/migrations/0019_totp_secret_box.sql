-- TOTP secrets move under the key-encryption key, which never goes into the database: new secrets are
-- written here, and the start-up moves those sealed with the key in `app_secrets` out of `totp_secret`.
ALTER TABLE "identity_users" ADD COLUMN "totp_secret_box" text;
