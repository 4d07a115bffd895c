-- Entity id -> name (core.entities) and Chinese display name (core.vocabulary dimension entity, else NULL), for the
-- titles of the series an analyst picks (never the series key).
SELECT e.entity_id, e.name, v.name_zh
FROM core.entities e
LEFT JOIN core.vocabulary v ON v.dimension = 'entity' AND v.term = e.entity_id;
