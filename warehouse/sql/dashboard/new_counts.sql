-- How many observations this release added and removed against the previous one (previous_observations:
-- previous_release.sql or first_release.sql). Anti-joins on record_id, in DuckDB: nothing is read into pandas.
SELECT (SELECT count(*) FROM core.observations o ANTI JOIN previous_observations p USING (record_id)) AS new_observations,
       (SELECT count(*) FROM previous_observations p ANTI JOIN core.observations o USING (record_id)) AS removed_observations;
