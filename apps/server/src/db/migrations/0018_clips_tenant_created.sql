-- The team clips list (`GET /api/team/clips`) reads a tenant's clips newest first (created_at desc, id desc).
CREATE INDEX "clips_tenant_created" ON "clips" USING btree ("tenant_id","created_at" DESC,"id" DESC);
