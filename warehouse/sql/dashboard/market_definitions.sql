-- $1: the current year (integer). The market definitions Market can open on, best first, by one written rule
-- (issue 20): a definition is a series of marts.series_catalog that measures a whole market (an indicator of
-- category market, in USD; its entity a market or a market segment in the entity registry, never one company's
-- own figure). They are ranked by
--   0. annual definitions first (a multi-year total is another quantity: it can lead only a revision trail);
--   1. publishers of the original and press tiers with a figure for the current or the next year
--      (marts.consensus_points, the latest vintage of each), most first;
--   2. then publishers of the series overall (marts.series_catalog.publishers);
--   3. then figures in the series; then the series key (a stable order).
-- Market opens on rank 1, so a definition that several publishers size for this year or next wins over one
-- publisher's series as soon as those figures are loaded; no key is written into the page.
WITH near AS (
    SELECT series_key, count(DISTINCT publisher) AS near_publishers,
           string_agg(DISTINCT publisher, ', ' ORDER BY publisher) AS near_publisher_list
    FROM marts.consensus_points
    WHERE in_consensus AND period IN (CAST($1 AS VARCHAR), CAST($1 + 1 AS VARCHAR))
    GROUP BY series_key
)
SELECT c.series_key, c.indicator, c.period_basis, c.title_en, c.title_zh,
       coalesce(n.near_publishers, 0) AS near_publishers, n.near_publisher_list, c.publishers, c.observations,
       row_number() OVER (ORDER BY c.period_basis = 'annual' DESC, coalesce(n.near_publishers, 0) DESC,
                                   c.publishers DESC, c.observations DESC, c.series_key) AS rank
FROM marts.series_catalog c
JOIN core.entities e ON e.entity_id = c.entity_id
LEFT JOIN near n ON n.series_key = c.series_key
WHERE c.category = 'market' AND c.unit = 'USD' AND e.kind IN ('market', 'segment')
ORDER BY rank;
