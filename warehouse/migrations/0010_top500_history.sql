-- 0010: TOP500 since 2000: each family x notable row carries its list's release date, its fabric
-- group's label, and the InfiniBand generation or Ethernet speed the Interconnect text states.
ALTER TABLE core.top500_families ADD COLUMN fabric_label VARCHAR;
ALTER TABLE core.top500_families ADD COLUMN generation VARCHAR;
ALTER TABLE core.top500_families ADD COLUMN speed_gbps DOUBLE;
ALTER TABLE core.top500_families ADD COLUMN published_on DATE;
COMMENT ON COLUMN core.top500_families.fabric IS 'Fabric group, comparable across lists since 2000: infiniband, ethernet (excluding Slingshot), slingshot, omni-path, proprietary, myrinet, quadrics, other, not_stated (sources/parsers/top500/families.py).';
COMMENT ON COLUMN core.top500_families.fabric_label IS 'Display name of the fabric group.';
COMMENT ON COLUMN core.top500_families.generation IS 'InfiniBand generation (SDR, DDR, QDR, FDR, EDR, HDR, NDR) or Ethernet speed class (100M, 1G, 10G, 25G, 40G, 100G...) when the Interconnect text states it; NULL otherwise.';
COMMENT ON COLUMN core.top500_families.speed_gbps IS 'Link speed the generation implies (InfiniBand 4x data rate, Ethernet port speed), Gbps.';
COMMENT ON COLUMN core.top500_families.published_on IS 'Release date of the list (date_basis list_release): the recorded day, or the first day of the list month when the day is not recorded.';
