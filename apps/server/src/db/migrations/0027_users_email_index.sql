CREATE INDEX "users_tenant_email" ON "users" USING btree ("tenant_id",lower("email"));
