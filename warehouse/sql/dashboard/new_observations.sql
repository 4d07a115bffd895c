-- The observations this release added (not in previous_observations), newest vintage first.
-- $1: how many rows at most (NULL: all).
SELECT o.record_id, o.indicator, o.subject, o.period, o.value, o.unit, o.kind, o.source_id, o.publisher,
       o.title, o.url, o.published_on, o.evidence
FROM core.observations o
ANTI JOIN previous_observations p USING (record_id)
ORDER BY o.published_on DESC NULLS LAST, o.record_id
LIMIT ?;
