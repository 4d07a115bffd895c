-- key: list, fabric_group, interconnect
-- check: shares_in_range columns=systems_share,rmax_share,fabric_systems_share,fabric_rmax_share
-- check: share_sums name=systems_share_sums_to_one column=systems_share groups=list total=1.0
-- check: share_sums name=rmax_share_sums_to_one column=rmax_share groups=list total=1.0
-- TOP500 systems and Rmax share per interconnect per list. The fabric group of each row is the
-- parser's (sources/parsers/top500/families.py, the one home of the mapping): the TOP500 family's
-- group unless the Interconnect text names another fabric (Slingshot filed under Gigabit Ethernet,
-- Omni-Path and BXI filed under Infiniband). A system is never moved for a fabric its family does
-- not say: the 2020-06 "RoCEv2/MN-Core DirectConnect" system stays with its Custom Interconnect family.
CREATE OR REPLACE VIEW marts.top500_interconnects AS
WITH per_interconnect AS (
    SELECT list,
           max(published_on) AS published_on,
           coalesce(notable, family) AS interconnect,
           coalesce(fabric, 'other') AS fabric_group,
           coalesce(max(fabric_label), coalesce(fabric, 'other')) AS fabric_label,
           max(generation) AS generation,
           max(speed_gbps) AS speed_gbps,
           string_agg(DISTINCT family, ', ' ORDER BY family) AS families,
           sum(systems) AS systems, sum(systems_share) AS systems_share,
           sum(rmax_tflops) AS rmax_tflops, sum(rmax_share) AS rmax_share,
           min(source_id) AS source_id, min(url) AS url
    FROM core.top500_families
    GROUP BY list, coalesce(notable, family), coalesce(fabric, 'other')
)
SELECT list,
       CAST(strptime(list || '-01', '%Y-%m-%d') AS DATE) AS list_date,
       published_on,
       fabric_group, fabric_label, interconnect, generation, speed_gbps, families,
       systems, systems_share, rmax_tflops, rmax_share,
       sum(systems) OVER (PARTITION BY list, fabric_group) AS fabric_systems,
       sum(systems_share) OVER (PARTITION BY list, fabric_group) AS fabric_systems_share,
       sum(rmax_share) OVER (PARTITION BY list, fabric_group) AS fabric_rmax_share,
       rank() OVER (PARTITION BY list ORDER BY systems DESC) AS rank_in_list,
       source_id, url
FROM per_interconnect;

COMMENT ON VIEW marts.top500_interconnects IS 'TOP500 interconnects per list: systems and share of Rmax per interconnect (InfiniBand by generation, Ethernet by speed, Slingshot apart, proprietary networks by name) and per fabric group.';
COMMENT ON COLUMN marts.top500_interconnects.list IS 'List edition, YYYY-MM (June and November).';
COMMENT ON COLUMN marts.top500_interconnects.list_date IS 'First day of the list month.';
COMMENT ON COLUMN marts.top500_interconnects.published_on IS 'Release date of the list (date_basis list_release; the first day of the list month when the day is not recorded).';
COMMENT ON COLUMN marts.top500_interconnects.fabric_group IS 'Fabric group; comparable since 2000: infiniband, ethernet (excluding Slingshot), slingshot, omni-path, proprietary, myrinet, quadrics, other, not_stated.';
COMMENT ON COLUMN marts.top500_interconnects.fabric_label IS 'Display name of the fabric group.';
COMMENT ON COLUMN marts.top500_interconnects.interconnect IS 'Notable interconnect (e.g. InfiniBand NDR, 25G Ethernet, Slingshot, Tofu, SP Switch), or the TOP500 family when no grouping was recorded.';
COMMENT ON COLUMN marts.top500_interconnects.generation IS 'InfiniBand generation or Ethernet speed class the Interconnect text states (FDR, 10G...); NULL when not stated.';
COMMENT ON COLUMN marts.top500_interconnects.speed_gbps IS 'Link speed the generation implies, Gbps.';
COMMENT ON COLUMN marts.top500_interconnects.families IS 'TOP500 Interconnect Family values the rows came from (comma-separated).';
COMMENT ON COLUMN marts.top500_interconnects.systems IS 'Systems in the list with this interconnect, count.';
COMMENT ON COLUMN marts.top500_interconnects.systems_share IS 'Share of the list''s systems, 0-1.';
COMMENT ON COLUMN marts.top500_interconnects.rmax_tflops IS 'Sum of Rmax, TFlop/s.';
COMMENT ON COLUMN marts.top500_interconnects.rmax_share IS 'Share of the list''s total Rmax, 0-1.';
COMMENT ON COLUMN marts.top500_interconnects.fabric_systems IS 'Systems of the whole fabric group in the list, count.';
COMMENT ON COLUMN marts.top500_interconnects.fabric_systems_share IS 'Share of the list''s systems for the fabric group, 0-1.';
COMMENT ON COLUMN marts.top500_interconnects.fabric_rmax_share IS 'Share of the list''s Rmax for the fabric group, 0-1.';
COMMENT ON COLUMN marts.top500_interconnects.rank_in_list IS 'Rank of the interconnect by systems within the list (1 = most systems).';
COMMENT ON COLUMN marts.top500_interconnects.source_id IS 'Source id of the list file.';
COMMENT ON COLUMN marts.top500_interconnects.url IS 'List address.';
