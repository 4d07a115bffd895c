-- The published model catalog (model.catalog), as the dashboard reads it to evaluate scenarios with
-- the same figures as the marts.
SELECT item_table, item_id, field, value, source, url, published_on, kind
FROM model.catalog
ORDER BY item_table, item_id, field;
