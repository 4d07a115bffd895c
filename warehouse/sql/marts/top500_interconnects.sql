-- key: list, fabric_group, interconnect
-- check: shares_in_range columns=systems_share,rmax_share,fabric_systems_share,fabric_rmax_share
-- check: share_sums name=systems_share_sums_to_one column=systems_share groups=list total=1.0
-- check: share_sums name=rmax_share_sums_to_one column=rmax_share groups=list total=1.0
-- TOP500 systems and Rmax share per interconnect per list, Slingshot apart from other Ethernet.
CREATE OR REPLACE VIEW marts.top500_interconnects AS
WITH grouped AS (
    SELECT list,
           coalesce(notable, family) AS interconnect,
           CASE WHEN coalesce(notable, '') ILIKE '%slingshot%' OR family ILIKE '%slingshot%' THEN 'slingshot'
                WHEN coalesce(notable, '') ILIKE '%omni-path%' OR family ILIKE '%omni%path%' THEN 'omni-path'
                WHEN coalesce(notable, '') ILIKE '%infiniband%' OR family ILIKE '%infiniband%' THEN 'infiniband'
                WHEN coalesce(notable, '') ILIKE '%ethernet%' OR notable = 'RoCE' OR family ILIKE '%ethernet%' THEN 'ethernet'
                WHEN fabric IS NOT NULL THEN fabric
                ELSE 'other' END AS fabric_group,
           family, systems, systems_share, rmax_tflops, rmax_share, source_id, url
    FROM core.top500_families
),
per_interconnect AS (
    -- an interconnect grouping can span families (e.g. "Proprietary" systems filed under
    -- InfiniBand and under other families): it gets a row per fabric group, so every group's
    -- total equals the list's own family count
    SELECT list, interconnect, fabric_group,
           string_agg(DISTINCT family, ', ' ORDER BY family) AS families,
           sum(systems) AS systems, sum(systems_share) AS systems_share,
           sum(rmax_tflops) AS rmax_tflops, sum(rmax_share) AS rmax_share,
           min(source_id) AS source_id, min(url) AS url
    FROM grouped
    GROUP BY list, interconnect, fabric_group
)
SELECT list,
       CAST(strptime(list || '-01', '%Y-%m-%d') AS DATE) AS list_date,
       fabric_group,
       CASE fabric_group WHEN 'infiniband' THEN 'InfiniBand' WHEN 'ethernet' THEN 'Ethernet (excl. Slingshot)'
                         WHEN 'slingshot' THEN 'Slingshot' WHEN 'omni-path' THEN 'Omni-Path' ELSE 'Other' END AS fabric_label,
       interconnect, families, systems, systems_share, rmax_tflops, rmax_share,
       sum(systems) OVER (PARTITION BY list, fabric_group) AS fabric_systems,
       sum(systems_share) OVER (PARTITION BY list, fabric_group) AS fabric_systems_share,
       sum(rmax_share) OVER (PARTITION BY list, fabric_group) AS fabric_rmax_share,
       rank() OVER (PARTITION BY list ORDER BY systems DESC) AS rank_in_list,
       source_id, url
FROM per_interconnect;

COMMENT ON VIEW marts.top500_interconnects IS 'TOP500 interconnects per list: systems and share of Rmax per interconnect (InfiniBand by generation, Slingshot apart from other Ethernet, ...) and per fabric group.';
COMMENT ON COLUMN marts.top500_interconnects.list IS 'List edition, YYYY-MM (June and November).';
COMMENT ON COLUMN marts.top500_interconnects.list_date IS 'First day of the list month.';
COMMENT ON COLUMN marts.top500_interconnects.fabric_group IS 'infiniband, ethernet (excluding Slingshot), slingshot, omni-path or other.';
COMMENT ON COLUMN marts.top500_interconnects.fabric_label IS 'Display name of the fabric group.';
COMMENT ON COLUMN marts.top500_interconnects.interconnect IS 'Notable interconnect grouping (e.g. InfiniBand NDR, Slingshot, 100G+ Ethernet), or the TOP500 family when no grouping was recorded.';
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
