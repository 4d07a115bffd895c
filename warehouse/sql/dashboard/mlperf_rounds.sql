-- The MLPerf Training rounds MLCommons published (core.vocabulary dimension mlperf_round, from
-- sources/curated/vocabulary/mlperf_rounds.csv: the round calendar with its sources), each with its publication
-- date as given ("2023", "2025-06", "2026-06-16") and its sortable number (major x 100 + minor, as round_order in
-- marts.mlperf_fabric_summary); the page compares them with the rounds the warehouse holds.
SELECT term AS round,
       regexp_extract(rule, 'published=([^;]+)', 1) AS published,
       regexp_extract(rule, 'source=([^;]+)', 1) AS source_url,
       CAST(regexp_extract(term, '^v(\d+)\.(\d+)$', 1) AS INTEGER) * 100
           + CAST(regexp_extract(term, '^v(\d+)\.(\d+)$', 2) AS INTEGER) AS round_order
FROM core.vocabulary
WHERE dimension = 'mlperf_round'
ORDER BY round_order;
