-- No previous release: nothing was published before, so every observation is new.
CREATE OR REPLACE TEMP VIEW previous_observations AS
SELECT CAST(NULL AS VARCHAR) AS record_id WHERE false;
