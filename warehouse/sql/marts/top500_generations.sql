-- key: list, interconnect
-- check: shares_in_range columns=systems_share,rmax_share,share_of_fabric
-- InfiniBand generations and Ethernet speeds per list, with Slingshot beside Ethernet (not in it).
CREATE OR REPLACE VIEW marts.top500_generations AS
WITH rows AS (
    SELECT list, max(published_on) AS published_on, coalesce(fabric, 'other') AS fabric_group,
           max(fabric_label) AS fabric_label, coalesce(notable, family) AS interconnect,
           max(generation) AS generation, max(speed_gbps) AS speed_gbps,
           sum(systems) AS systems, sum(systems_share) AS systems_share, sum(rmax_share) AS rmax_share,
           min(source_id) AS source_id, min(url) AS url
    FROM core.top500_families
    WHERE coalesce(fabric, 'other') IN ('infiniband', 'ethernet', 'slingshot')
    GROUP BY list, coalesce(fabric, 'other'), coalesce(notable, family)
)
SELECT list,
       CAST(strptime(list || '-01', '%Y-%m-%d') AS DATE) AS list_date,
       published_on, fabric_group, fabric_label, interconnect, generation, speed_gbps,
       systems, systems_share, rmax_share,
       systems / sum(systems) OVER (PARTITION BY list, CASE WHEN fabric_group = 'infiniband' THEN 'infiniband' ELSE 'ethernet_slingshot' END) AS share_of_fabric,
       source_id, url
FROM rows;

COMMENT ON VIEW marts.top500_generations IS 'TOP500 InfiniBand generations and Ethernet speeds per list (Slingshot beside Ethernet, not inside it), as the Interconnect text states them.';
COMMENT ON COLUMN marts.top500_generations.list IS 'List edition, YYYY-MM (June and November).';
COMMENT ON COLUMN marts.top500_generations.list_date IS 'First day of the list month.';
COMMENT ON COLUMN marts.top500_generations.published_on IS 'Release date of the list (date_basis list_release; the first day of the list month when the day is not recorded).';
COMMENT ON COLUMN marts.top500_generations.fabric_group IS 'Fabric group; infiniband, ethernet (excluding Slingshot) or slingshot.';
COMMENT ON COLUMN marts.top500_generations.fabric_label IS 'Display name of the fabric group.';
COMMENT ON COLUMN marts.top500_generations.interconnect IS 'Generation or speed label: InfiniBand SDR ... NDR, InfiniBand (generation not stated), Fast Ethernet, 1G ... 100G Ethernet, Ethernet (speed not stated), RoCE, Slingshot.';
COMMENT ON COLUMN marts.top500_generations.generation IS 'InfiniBand generation or Ethernet speed class (FDR, 10G...); NULL when the list does not state it.';
COMMENT ON COLUMN marts.top500_generations.speed_gbps IS 'Link speed the generation implies, Gbps.';
COMMENT ON COLUMN marts.top500_generations.systems IS 'Systems in the list with this interconnect, count.';
COMMENT ON COLUMN marts.top500_generations.systems_share IS 'Share of the list''s 500 systems, 0-1.';
COMMENT ON COLUMN marts.top500_generations.rmax_share IS 'Share of the list''s total Rmax, 0-1.';
COMMENT ON COLUMN marts.top500_generations.share_of_fabric IS 'Share of its fabric''s systems, 0-1; of the InfiniBand systems for InfiniBand rows, of the Ethernet and Slingshot systems for the others, in the list.';
COMMENT ON COLUMN marts.top500_generations.source_id IS 'Source id of the list file.';
COMMENT ON COLUMN marts.top500_generations.url IS 'List address.';
