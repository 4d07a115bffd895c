-- The record ids of the previous published release, attached read-only as `previous` by the caller
-- (attach_previous.sql). A temporary view: the published file stays read-only.
CREATE OR REPLACE TEMP VIEW previous_observations AS
SELECT record_id FROM previous.core.observations;
