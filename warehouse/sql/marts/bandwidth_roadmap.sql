-- key: product_id
-- Fabric products by family and generation with their headline specs, and a fitted doubling time per family.
CREATE OR REPLACE VIEW marts.bandwidth_roadmap AS
WITH catalog AS (
    SELECT *, count(*) OVER (PARTITION BY product_id) AS catalog_rows
    FROM core.products
    WHERE kind IN ('nic', 'dpu', 'switch_asic', 'switch_system', 'nvlink_switch') OR fabric = 'nvlink'
),
dates AS (
    -- every dated announcement and shipping any source gives: catalog rows and the dated events that name a product
    -- (a catalog row often has no dates), each with the precision the source gives it
    SELECT product_id, 'announced' AS milestone, announced_on AS on_date, coalesce(announced_precision, 'day') AS precision
    FROM catalog WHERE announced_on IS NOT NULL
    UNION ALL
    SELECT product_id, 'shipping', shipping_on, coalesce(shipping_precision, 'day')
    FROM catalog WHERE shipping_on IS NOT NULL
    UNION ALL
    SELECT product_id, CASE category WHEN 'product_announcement' THEN 'announced' ELSE 'shipping' END,
           event_date, date_precision
    FROM core.events
    WHERE product_id IS NOT NULL AND category IN ('product_announcement', 'product_shipping')
),
milestones AS (
    -- the earliest date of each milestone, with its precision (on one date, the most precise statement of it)
    SELECT product_id,
           min(on_date) FILTER (WHERE milestone = 'announced') AS first_announced_on,
           arg_min(precision, (on_date, marts.precision_rank(precision))) FILTER (WHERE milestone = 'announced')
               AS announced_precision,
           min(on_date) FILTER (WHERE milestone = 'shipping') AS first_shipping_on,
           arg_min(precision, (on_date, marts.precision_rank(precision))) FILTER (WHERE milestone = 'shipping')
               AS shipping_precision
    FROM dates
    GROUP BY product_id
),
products AS (
    -- one row per product: the best-sourced catalog row, the earliest dates any source gives
    SELECT catalog.* EXCLUDE (announced_precision, shipping_precision),
           m.first_announced_on, m.announced_precision, m.first_shipping_on, m.shipping_precision
    FROM catalog LEFT JOIN milestones m USING (product_id)
    QUALIFY row_number() OVER (PARTITION BY product_id
                               ORDER BY marts.confidence_rank(confidence), published_on DESC NULLS LAST, record_id) = 1
),
product_sources AS (
    SELECT product_id, string_agg(DISTINCT source_id, ', ' ORDER BY source_id) AS source_ids
    FROM (SELECT product_id, source_id FROM catalog
          UNION SELECT product_id, source_id FROM core.observations_stated WHERE product_id IS NOT NULL)
    GROUP BY product_id
),
spec_rows AS (
    SELECT product_id, indicator, value * marts.unit_factor(unit) AS base_value, segment, kind, confidence, published_on
    FROM core.observations_stated
    WHERE product_id IS NOT NULL
      AND indicator IN ('port_speed_gbps', 'switch_capacity_tbps', 'switch_radix', 'serdes_gbps',
                        'port_latency_ns', 'nvlink_bandwidth_GBps', 'power_w')
),
specs AS (
    -- per product and spec: prefer a per-port (no segment) spec-sheet figure, then the best-sourced, newest
    SELECT product_id, indicator, base_value,
           count(DISTINCT base_value) OVER (PARTITION BY product_id, indicator) > 1 AS disputed
    FROM spec_rows
    QUALIFY row_number() OVER (PARTITION BY product_id, indicator
                               ORDER BY segment IS NULL DESC, kind = 'spec' DESC, marts.confidence_rank(confidence),
                                        published_on DESC NULLS LAST, base_value DESC) = 1
),
wide AS (
    SELECT p.product_id, p.vendor, p.name, p.family, p.kind, p.fabric, p.generation,
           p.first_announced_on AS announced_on, p.announced_precision,
           p.first_shipping_on AS shipping_on, p.shipping_precision,
           least(p.first_announced_on, p.first_shipping_on) AS introduced_on,
           -- the precision of the earlier date (on one date, the more precise)
           CASE WHEN p.first_shipping_on IS NULL
                  OR p.first_announced_on < p.first_shipping_on
                  OR (p.first_announced_on = p.first_shipping_on
                      AND marts.precision_rank(p.announced_precision) <= marts.precision_rank(p.shipping_precision))
                THEN p.announced_precision ELSE p.shipping_precision END AS introduced_precision,
           max(s.base_value) FILTER (WHERE s.indicator = 'port_speed_gbps') AS port_speed_gbps,
           max(s.base_value) FILTER (WHERE s.indicator = 'switch_capacity_tbps') / 1000.0 AS switch_capacity_tbps,
           max(s.base_value) FILTER (WHERE s.indicator = 'switch_radix') AS switch_radix,
           max(s.base_value) FILTER (WHERE s.indicator = 'serdes_gbps') AS serdes_gbps,
           max(s.base_value) FILTER (WHERE s.indicator = 'port_latency_ns') AS port_latency_ns,
           max(s.base_value) FILTER (WHERE s.indicator = 'nvlink_bandwidth_GBps') AS nvlink_bandwidth_GBps,
           max(s.base_value) FILTER (WHERE s.indicator = 'power_w') AS power_w,
           coalesce(string_agg(s.indicator, ', ' ORDER BY s.indicator) FILTER (WHERE s.disputed), '') AS disputed_specs
    FROM products p LEFT JOIN specs s USING (product_id)
    GROUP BY ALL
),
measured AS (
    SELECT *,
           CASE WHEN kind IN ('switch_asic', 'switch_system') AND switch_capacity_tbps IS NOT NULL THEN 'switch_capacity'
                WHEN (kind = 'nvlink_switch' OR fabric = 'nvlink') AND nvlink_bandwidth_GBps IS NOT NULL THEN 'nvlink_bandwidth'
                WHEN port_speed_gbps IS NOT NULL THEN 'port_speed' END AS bandwidth_basis
    FROM wide
),
with_bandwidth AS (
    SELECT *,
           CASE bandwidth_basis WHEN 'switch_capacity' THEN switch_capacity_tbps * 1000.0
                                WHEN 'nvlink_bandwidth' THEN nvlink_bandwidth_GBps * 8.0
                                WHEN 'port_speed' THEN port_speed_gbps END AS bandwidth_gbps
    FROM measured
),
fits AS (
    -- log2(bandwidth) against the introduction date in years: the slope is doublings per year
    SELECT family, bandwidth_basis,
           count(*) AS points,
           regr_slope(ln(bandwidth_gbps) / ln(2), marts.epoch_years(introduced_on)) AS doublings_per_year,
           regr_r2(ln(bandwidth_gbps) / ln(2), marts.epoch_years(introduced_on)) AS r2,
           var_pop(marts.epoch_years(introduced_on)) AS date_spread
    FROM with_bandwidth
    WHERE bandwidth_gbps > 0 AND introduced_on IS NOT NULL AND family IS NOT NULL
    GROUP BY family, bandwidth_basis
)
SELECT b.product_id, b.vendor, b.name, b.family, b.kind, b.fabric, b.generation, b.announced_on, b.shipping_on,
       b.introduced_on, b.announced_precision, b.shipping_precision, b.introduced_precision,
       b.port_speed_gbps, b.switch_capacity_tbps, b.switch_radix, b.serdes_gbps, b.port_latency_ns,
       b.nvlink_bandwidth_GBps, b.power_w, b.bandwidth_basis, b.bandwidth_gbps,
       coalesce(f.points, 0) AS family_points,
       CASE WHEN f.points >= 2 AND f.date_spread > 0 AND f.doublings_per_year > 0
            THEN 1.0 / f.doublings_per_year END AS family_doubling_time_years,
       CASE WHEN f.points >= 2 AND f.date_spread > 0 THEN f.r2 END AS family_fit_r2,
       b.disputed_specs, ps.source_ids
FROM with_bandwidth b
LEFT JOIN fits f ON f.family = b.family AND f.bandwidth_basis = b.bandwidth_basis
LEFT JOIN product_sources ps USING (product_id);

COMMENT ON VIEW marts.bandwidth_roadmap IS 'Fabric products (NICs, DPUs, switch ASICs and systems, NVLink) by family and generation with port speed, capacity, SerDes, latency, power and dates, and a doubling time fitted per family (log2 of bandwidth against introduction date).';
COMMENT ON COLUMN marts.bandwidth_roadmap.product_id IS 'Product slug (core.products.product_id).';
COMMENT ON COLUMN marts.bandwidth_roadmap.vendor IS 'Vendor.';
COMMENT ON COLUMN marts.bandwidth_roadmap.name IS 'Marketing name (from the best-sourced catalog row).';
COMMENT ON COLUMN marts.bandwidth_roadmap.family IS 'Product family (ConnectX, Quantum, Spectrum, Tomahawk, NVLink, ...).';
COMMENT ON COLUMN marts.bandwidth_roadmap.kind IS 'nic, dpu, switch_asic, switch_system, nvlink_switch (or a gpu_system on NVLink).';
COMMENT ON COLUMN marts.bandwidth_roadmap.fabric IS 'Fabric id.';
COMMENT ON COLUMN marts.bandwidth_roadmap.generation IS 'Generation label (NDR, XDR, 51.2T, ...).';
COMMENT ON COLUMN marts.bandwidth_roadmap.announced_on IS 'Earliest announcement date any source gives (catalog rows and product_announcement events).';
COMMENT ON COLUMN marts.bandwidth_roadmap.shipping_on IS 'Earliest shipping or sampling date any source gives (catalog rows and product_shipping events; may be planned).';
COMMENT ON COLUMN marts.bandwidth_roadmap.introduced_on IS 'Introduction date: the earlier of the announcement and first shipping dates (what the doubling-time fit uses).';
COMMENT ON COLUMN marts.bandwidth_roadmap.announced_precision IS 'Precision of announced_on as its source gives it: day, month, quarter, half or year (the date is the first day of its period); on one date, the most precise statement; NULL without a date.';
COMMENT ON COLUMN marts.bandwidth_roadmap.shipping_precision IS 'Precision of shipping_on as its source gives it (day, month, quarter, half or year); NULL without a date.';
COMMENT ON COLUMN marts.bandwidth_roadmap.introduced_precision IS 'Precision of introduced_on: the precision of the date it is (day, month, quarter, half or year).';
COMMENT ON COLUMN marts.bandwidth_roadmap.port_speed_gbps IS 'Port speed, Gb/s (per port spec preferred).';
COMMENT ON COLUMN marts.bandwidth_roadmap.switch_capacity_tbps IS 'Switching capacity, Tb/s.';
COMMENT ON COLUMN marts.bandwidth_roadmap.switch_radix IS 'Ports at the rated speed, count of ports.';
COMMENT ON COLUMN marts.bandwidth_roadmap.serdes_gbps IS 'SerDes lane rate, Gb/s.';
COMMENT ON COLUMN marts.bandwidth_roadmap.port_latency_ns IS 'Port-to-port latency, ns (us figures converted).';
COMMENT ON COLUMN marts.bandwidth_roadmap.nvlink_bandwidth_GBps IS 'NVLink bandwidth, GB/s (TB/s figures converted).';
COMMENT ON COLUMN marts.bandwidth_roadmap.power_w IS 'Power, W (kW figures converted).';
COMMENT ON COLUMN marts.bandwidth_roadmap.bandwidth_basis IS 'Which spec the bandwidth is: switch_capacity (switches), nvlink_bandwidth (NVLink), port_speed (NICs).';
COMMENT ON COLUMN marts.bandwidth_roadmap.bandwidth_gbps IS 'Headline bandwidth used for the trend, Gb/s (NVLink GB/s x 8).';
COMMENT ON COLUMN marts.bandwidth_roadmap.family_points IS 'Products of the same family and bandwidth basis with a bandwidth and an announcement date, count.';
COMMENT ON COLUMN marts.bandwidth_roadmap.family_doubling_time_years IS 'Years for the family''s bandwidth to double: 1 / slope of log2(bandwidth) over introduction date in years (least squares); NULL with fewer than 2 dated points or no growth.';
COMMENT ON COLUMN marts.bandwidth_roadmap.family_fit_r2 IS 'R squared of the family fit, 0-1.';
COMMENT ON COLUMN marts.bandwidth_roadmap.disputed_specs IS 'Specs for which sources give different values (comma-separated; see marts.conflicts), empty when none.';
COMMENT ON COLUMN marts.bandwidth_roadmap.source_ids IS 'Sources describing the product (catalog and spec rows), comma-separated.';
