-- The indicator catalog (core.indicators): name, definition, unit and category, for the definition under a picker;
-- name_zh is the vocabulary's Chinese title (sources/curated/vocabulary/indicators.csv, core.vocabulary).
SELECT i.indicator, i.name, v.name_zh, i.description AS definition, i.unit, i.category
FROM core.indicators i
LEFT JOIN core.vocabulary v ON v.dimension = 'indicator' AND v.term = i.indicator;
