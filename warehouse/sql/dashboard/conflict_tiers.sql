-- The source tier of both sides of every real conflict (marts.conflicts), from the observation or event each
-- side is (core.*.source_tier; NULL tiers are the original publisher's own parsed documents).
WITH tiers AS (
    SELECT record_id, coalesce(source_tier, 'original') AS tier FROM core.observations
    UNION ALL
    SELECT record_id, coalesce(source_tier, 'original') FROM core.events
)
SELECT c.conflict_on, c.series_key, c.period, c.a_record_id, c.b_record_id, a.tier AS a_tier, b.tier AS b_tier
FROM marts.conflicts c
LEFT JOIN tiers a ON a.record_id = c.a_record_id
LEFT JOIN tiers b ON b.record_id = c.b_record_id;
