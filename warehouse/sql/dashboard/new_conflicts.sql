-- The conflicts one of whose sides is an observation this release added (not in previous_observations),
-- newest first. $1: how many rows at most (NULL: all).
WITH new_ids AS (
    SELECT o.record_id FROM core.observations o ANTI JOIN previous_observations p USING (record_id)
)
SELECT c.*
FROM marts.conflicts c
WHERE c.a_record_id IN (SELECT record_id FROM new_ids) OR c.b_record_id IN (SELECT record_id FROM new_ids)
ORDER BY c.b_published_on DESC NULLS LAST, c.a_record_id, c.b_record_id
LIMIT ?;
