-- 0035: the platform an entity is built from (sources/curated/entities*.csv, optional column built_on): a cloud
-- instance, server or cluster and the GPU platform it is made of (Azure ND MI300X v5 on the 8 x MI300X platform, a
-- Voltage Park H100 cluster on HGX H100 nodes). marts.apparent_conflicts relates the two, so a figure of one and a
-- figure of the other meet as a near pair (different_scope) while the parent stays the vendor.
ALTER TABLE core.entities ADD COLUMN IF NOT EXISTS built_on VARCHAR;
COMMENT ON COLUMN core.entities.built_on IS 'Platform the entity is built from (a cloud instance, server or cluster and its GPU platform, e.g. azure-nd-mi300x-v5 -> mi300x-platform), NULL when none; unlike parent_id it is not the vendor.';
