-- $1: the indicator (a market indicator, e.g. ai_backend_network_revenue); $2: the current year (integer).
-- Every annual market definition of one indicator side by side (issue 20, question a: how big is the market this
-- year and next, per publisher): one row per definition, publisher and year, each publisher's latest vintage
-- (marts.consensus_points), from three years back to four ahead. The definitions are the ones Market can open on
-- (marts.series_catalog: a whole market in USD, its entity a market or segment); a scope or segment changes what is
-- measured, so the page lists them beside each other and never sums or charts them as one series.
SELECT p.series_key, c.title_en, c.title_zh, c.definition_name_en, c.definition_name_zh, p.publisher, p.tier, p.in_consensus, p.period,
       CAST(p.period AS INTEGER) AS year, p.kind, p.value, p.value_qualifier, p.is_bound, p.unit,
       p.published_on, p.published_label, p.title, p.url
FROM marts.consensus_points p
JOIN marts.series_catalog c ON c.series_key = p.series_key
JOIN core.entities e ON e.entity_id = c.entity_id
WHERE c.indicator = $1 AND c.category = 'market' AND c.unit = 'USD' AND e.kind IN ('market', 'segment')
  AND c.period_basis = 'annual'
  AND TRY_CAST(p.period AS INTEGER) BETWEEN $2 - 3 AND $2 + 4
ORDER BY c.title_en, p.publisher, year, p.kind;
