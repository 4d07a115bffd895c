-- How many observations this release added and removed against the previous one (previous_observations:
-- previous_release.sql or first_release.sql), and how many conflicts touch an added one. Anti-joins on
-- record_id, in DuckDB: nothing is read into pandas.
WITH new_ids AS (
    SELECT o.record_id FROM core.observations o ANTI JOIN previous_observations p USING (record_id)
)
SELECT (SELECT count(*) FROM new_ids) AS new_observations,
       (SELECT count(*) FROM previous_observations p ANTI JOIN core.observations o USING (record_id)) AS removed_observations,
       (SELECT count(*) FROM marts.conflicts c
        WHERE c.a_record_id IN (SELECT record_id FROM new_ids) OR c.b_record_id IN (SELECT record_id FROM new_ids))
           AS new_conflicts;
